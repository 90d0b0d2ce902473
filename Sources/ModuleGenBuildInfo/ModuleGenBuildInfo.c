// Swift cannot take a string value from the command line of a build, C can: the Makefile,
// scripts/build-release.sh and the Homebrew formula pass -Xcc -DMODULEGEN_COMMIT=<sha>.
#include "ModuleGenBuildInfo.h"

#define MODULEGEN_STRING(x) #x
#define MODULEGEN_EXPAND_STRING(x) MODULEGEN_STRING(x)

const char *modulegen_build_commit(void) {
#ifdef MODULEGEN_COMMIT
  return MODULEGEN_EXPAND_STRING(MODULEGEN_COMMIT);
#else
  return "";
#endif
}
