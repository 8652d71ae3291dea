// Package ctxio gives a reader a context.
//
// A read stops when the context is done, also while it waits for input that
// may never come (a terminal, a pipe kept open), so that a batch or a
// protocol player reading standard input stops on Ctrl-C.
package ctxio
