#ifndef MODULEGEN_BUILD_INFO_H
#define MODULEGEN_BUILD_INFO_H

/// The commit the binary was built from, as the build passed it with
/// `-Xcc -DMODULEGEN_COMMIT=<sha>`; an empty string when it passed none.
const char *modulegen_build_commit(void);

#endif
