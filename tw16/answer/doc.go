// Package answer turns questions about Taiwanese 16-tile hands, written
// as people and programs write them (compact tile notation, wind letters,
// rule names), into the analyses of package tw16 and their answers: the
// text for people, the one-line form of a batch, and JSON. The command
// (mjsolve tw16 shanten, waits, effective, advise, score, items, tables)
// and the HTTP server (/api/tw16/...) both answer through it, so that a
// hand reads and answers alike wherever it is asked: Hands.Ask and
// WriteAnswer answer one hand, Hands.AppendAnswer and Scorer.AppendAnswer
// a line of a batch, RulesQuery reads the rules as people name them, and
// Tables reports on the shanten tables' cache.
//
// A question's inputs are checked here, with every error a *[FieldError]
// naming the [Field] at fault, so that each front end names it its own way
// (a flag, a JSON field) without matching messages. The package does no
// I/O of its own beyond writing answers to the io.Writer it is given.
package answer
