// Package answer turns questions about Taiwanese 16-tile hands into answers.
//
// A question is written as people and programs write it (compact tile
// notation, wind letters, rule names); its answer comes from the analyses of
// package tw16, as text for people, as the one-line form of a batch, or as
// JSON. The command (mjsolve tw16 shanten, waits, effective, advise, score,
// items, tables) and the HTTP server (/api/tw16/...) both answer through it,
// so that a hand reads and answers alike wherever it is asked.
//
// A question's inputs are checked here, with every error a *[FieldError]
// naming the [Field] at fault, so that each front end names it its own way
// (a flag, a JSON field) without matching messages. The package does no
// I/O of its own beyond writing answers to the io.Writer it is given.
package answer
