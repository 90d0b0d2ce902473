// Unnamed files (O_TMPFILE), which Swift's Glibc module leaves out.
#ifdef __linux__
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#endif
#include <errno.h>

#include "LinuxCalls.h"

int unnamed_file_create(const char *folder, long long size) {
#if defined(__linux__) && defined(O_TMPFILE)
  int descriptor = open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
  if (descriptor < 0) return -1;
  if (size > 0 && fallocate(descriptor, 0, 0, (off_t)size) != 0) {
    int code = errno;
    close(descriptor);
    errno = code;
    return -1;
  }
  return descriptor;
#else
  (void)folder;
  (void)size;
  errno = ENOSYS;
  return -1;
#endif
}

int unnamed_file_link(int descriptor, const char *path) {
#if defined(__linux__) && defined(O_TMPFILE)
  // Naming the descriptor itself (AT_EMPTY_PATH) needs a privilege; its /proc link does not.
  char link[64];
  snprintf(link, sizeof link, "/proc/self/fd/%d", descriptor);
  return linkat(AT_FDCWD, link, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
#else
  (void)descriptor;
  (void)path;
  errno = ENOSYS;
  return -1;
#endif
}
