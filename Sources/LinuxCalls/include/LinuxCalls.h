#ifndef LINUX_CALLS_H
#define LINUX_CALLS_H

#include <pthread.h>

// The Linux calls that Swift's Glibc module leaves out (GNU extensions); elsewhere they do
// nothing and say so.

/// Sets `attributes` so that a thread created with them starts on a CPU of the process other
/// than the calling thread's. Linux puts a new thread in its creator's CPU's queue, where it
/// waits for up to a scheduler tick (about 4 ms) while the creator goes on running, even with
/// another CPU idle. Returns 1 when it did, 0 when there is no other CPU or no such call (on
/// Darwin, whose scheduler needs no help); the attributes are then as they were.
int thread_placement_elsewhere(pthread_attr_t *attributes);

/// Lets `thread` run on every CPU the process's main thread may run on: undoes
/// `thread_placement_elsewhere` once the thread has started (or when its creator waits for it).
void thread_placement_everywhere(pthread_t thread);

/// Opens a new file without a name in `folder` (Linux's O_TMPFILE), for writing, with `size`
/// bytes allocated (fallocate): room made in advance for a large file. Gone with its
/// descriptor unless `unnamed_file_link` names it. Returns the descriptor, or -1 with errno set
/// (ENOSYS where there are no such files).
int unnamed_file_create(const char *folder, long long size);

/// Gives the unnamed file open at `descriptor` the name `path` (in the same file system); fails
/// with EEXIST if anything is at `path`. Returns 0, or -1 with errno set.
int unnamed_file_link(int descriptor, const char *path);

#endif
