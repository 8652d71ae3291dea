// Package mjsolve is the tile model that both halves of mjsolve share.
//
// It knows the 34 kinds and 8 bonus tiles of Mahjong, count vectors, the
// compact notation ("123m 456p 789s 11z", also "E S W N C F P"), Chinese
// names and the tile ids (TIDs) of the ICGA/TCGA tournament protocol.
//
// Mahjong Solitaire (package solitaire and below) uses 36 groups of four
// matching tiles: the 34 kinds, the four flowers and the four seasons.
// Taiwanese 16-tile Mahjong (package tw16 and below) uses the 34 kinds and
// the 8 bonus tiles as flowers.
//
// Errors about input (a bad tile, a fifth copy) are *InputError, whose Msg
// is the message without the package prefix. It is the one error type of
// the module for bad input: layouts, solitaire and tw16 export the same
// type under the same name.
package mjsolve
