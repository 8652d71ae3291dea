// Package atomicfile writes files whole or not at all.
//
// The data goes to a temporary file in the target's directory, is synced to
// disk and renamed over the target, so that a reader (or a crash) sees the
// old file or the new one, never a part of it. A target that is a symbolic
// link stays one: the file it points to is replaced. A device, a named pipe
// or a socket is never replaced: writing to one is an error.
//
// An existing target keeps its permission bits; a new one gets the
// permissions asked for (not the 0600 of os.CreateTemp). Errors name the
// target, never the temporary file, which is removed on every failure; a
// process killed before it could remove it leaves it behind, and
// [RemoveStale] cleans such files up.
package atomicfile
