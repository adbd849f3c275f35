#include "CBuildInfo.h"

// Weak: defined only by the object Scripts/package links in (see CBuildInfo.h).
extern const char permsim_build_commit_text[] __attribute__((weak));

const char *permsim_build_commit(void) {
  return permsim_build_commit_text;
}
