// What a release build records about itself: the commit it was built from.
#ifndef CBUILDINFO_H
#define CBUILDINFO_H

/// The commit the binary was built from, or NULL in a development build.
///
/// Scripts/package links an object defining `permsim_build_commit_text` (a NUL-terminated string) into
/// the release binary; without it the weak reference below resolves to NULL.
const char *permsim_build_commit(void);

#endif
