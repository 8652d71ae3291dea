package solver

// Published holds the unwinnable rates de Bondt published for Xmahjongg
// layouts ("Solitaire Mahjong: a look at peeking", section 3.4), by layout
// name, as fractions. They are the reference that a survey's rates are
// shown beside, as the games his solver found impossible (in this
// package's tests) are the reference for single verdicts. Only the figures
// of our copy of the paper are here: the default layout's (10,000,000
// boards); the others are withheld from it as an independent check.
var Published = map[string]float64{
	"xmahjongg/default": 0.0295,
}
