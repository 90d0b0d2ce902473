// Placing a thread on CPUs, which Swift's Glibc module leaves out (GNU extensions).
#ifdef __linux__
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>
#endif

#include "LinuxCalls.h"

int thread_placement_elsewhere(pthread_attr_t *attributes) {
#ifdef __linux__
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
  int current = sched_getcpu();
  if (current < 0 || current >= CPU_SETSIZE || !CPU_ISSET(current, &allowed)) return 0;
  CPU_CLR(current, &allowed);
  if (CPU_COUNT(&allowed) == 0) return 0;
  return pthread_attr_setaffinity_np(attributes, sizeof allowed, &allowed) == 0;
#else
  (void)attributes;
  return 0;
#endif
}

void thread_placement_everywhere(pthread_t thread) {
#ifdef __linux__
  cpu_set_t allowed;
  if (sched_getaffinity(getpid(), sizeof allowed, &allowed) == 0) {
    pthread_setaffinity_np(thread, sizeof allowed, &allowed);
  }
#else
  (void)thread;
#endif
}
