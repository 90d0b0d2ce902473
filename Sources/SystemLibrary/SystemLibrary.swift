// The C library under one name: Glibc on Linux, Darwin on Apple's systems. A file that calls it
// (`open`, `memchr`, `pthread_mutex_lock`, …) imports SystemLibrary, so that the platform is
// told apart here once rather than in every such file.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Darwin)
  @_exported import Darwin
  @_exported import Darwin.crt_externs
#endif
