package server

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/answer"
)

// handRequest is the body of POST /api/tw16/{shanten,waits,effective,advise}:
// the inputs of the commands of the same names.
type handRequest struct {
	Hand           string `json:"hand"`            // the concealed part, compact notation
	Melds          string `json:"melds"`           // exposed melds: "123m 555p 7777s"
	ConcealedKongs string `json:"concealed_kongs"` // "1111m EEEE"
	Visible        string `json:"visible"`         // tiles seen elsewhere
	Ligu           bool   `json:"ligu"`            // also count 嚦咕嚦咕
	Claims         bool   `json:"claims"`          // weigh effective tiles by claims (effective, advise)
}

// scoreRequest is the body of POST /api/tw16/score: the inputs of
// "mjsolve tw16 score".
type scoreRequest struct {
	Hand            string `json:"hand"` // the concealed part without the winning tile
	Win             string `json:"win"`  // the winning tile
	Melds           string `json:"melds"`
	ConcealedKongs  string `json:"concealed_kongs"`
	Flowers         string `json:"flowers"`
	Seat            string `json:"seat"`  // E S W N (default E)
	Round           string `json:"round"` // E S W N (default E)
	Rules           string `json:"rules"` // competition (default) or common
	Base            *int   `json:"base"`
	PerTai          *int   `json:"per_tai"`
	FirstTurn       string `json:"first_turn"`
	SelfDrawn       bool   `json:"self_drawn"`
	LastTile        bool   `json:"last_tile"`
	AfterKong       bool   `json:"after_kong"`
	RobKong         bool   `json:"rob_kong"`
	Dealer          bool   `json:"dealer"`
	DealerStreak    int    `json:"dealer_streak"`
	DiscarderDealer bool   `json:"discarder_dealer"`
}

// handleTW16 answers POST /api/tw16/{analysis}.
func (s *Server) handleTW16(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("analysis")
	if name == "score" {
		return s.handleScore(w, r)
	}
	a, ok := answer.Analyses[name]
	if !ok {
		return &httpError{http.StatusNotFound, fmt.Sprintf("no analysis %q (want shanten, waits, effective, advise or score)", name)}
	}
	if err := noQuery(r); err != nil {
		return err
	}
	var in handRequest
	if err := decodeJSON(w, r, s.cfg.MaxBody, &in); err != nil {
		return err
	}
	h, err := parseHand(&in, s.cfg.Tables)
	if err != nil {
		return err
	}
	res, err := a.Run(h.hands, &h.Hand)
	if err != nil {
		return fieldError(err)
	}
	data, err := answer.AppendJSON(nil, h.Concealed, res)
	if err != nil {
		return err
	}
	writeRawJSON(w, http.StatusOK, data[:len(data)-1])
	return nil
}

// hand is a checked hand request.
type hand struct {
	hands *answer.Hands
	answer.Hand
}

// parseHand checks a hand request as the commands check their flags
// (package answer): melds and kongs, the visible tiles, at most four
// copies of a kind counting all of them, and a hand size that fits the
// melds.
func parseHand(in *handRequest, tables *tw16.TableSet) (*hand, error) {
	hs, err := answer.NewHands(answer.HandQuery{Melds: in.Melds, ConcealedKongs: in.ConcealedKongs,
		Visible: in.Visible, Ligu: in.Ligu, Claims: in.Claims, Tables: tables})
	if err != nil {
		return nil, fieldError(err)
	}
	if strings.TrimSpace(in.Hand) == "" {
		return nil, badRequestf("hand", "empty; give the concealed part, e.g. \"123m 456p 789s 11z\"")
	}
	h := &hand{hands: hs}
	if h.Hand, err = hs.Parse(in.Hand); err != nil {
		return nil, fieldError(err)
	}
	return h, nil
}

// fieldNames name the fields of package answer as the requests do.
var fieldNames = map[answer.Field]string{
	answer.FieldHand: "hand", answer.FieldMelds: "melds", answer.FieldConcealedKongs: "concealed_kongs",
	answer.FieldVisible: "visible", answer.FieldFlowers: "flowers", answer.FieldWin: "win",
	answer.FieldSeat: "seat", answer.FieldRound: "round", answer.FieldFirstTurn: "first_turn",
	answer.FieldBase: "base", answer.FieldPerTai: "per_tai",
}

// fieldError is an error of package answer as a 400 naming the field it
// is about; a fifth copy counts the hand, melds and visible tiles.
func fieldError(err error) error {
	if ce, ok := errors.AsType[*tw16.CopiesError](err); ok {
		return badRequestf("visible", "%d copies of %s counting the hand, melds and visible tiles (at most 4)", ce.Count, ce.Kind)
	}
	if fe, ok := errors.AsType[*answer.FieldError](err); ok {
		return badRequest(fieldNames[fe.Field], fe)
	}
	return err
}

func (s *Server) handleScore(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	var in scoreRequest
	if err := decodeJSON(w, r, s.cfg.MaxBody, &in); err != nil {
		return err
	}
	sc, err := parseScore(&in)
	if err != nil {
		return err
	}
	res, err := sc.Score(in.Hand)
	if err != nil {
		return fieldError(err)
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// parseScore checks a score request as "mjsolve tw16 score" checks its
// flags (package answer); the winning tile and the hand must be given.
func parseScore(in *scoreRequest) (*answer.Scorer, error) {
	rules, err := tw16.RulesByName(cmp.Or(in.Rules, "competition"))
	if err != nil {
		return nil, badRequest("rules", err)
	}
	sc, err := answer.NewScorer(answer.ScoreQuery{
		Rules: rules, Base: in.Base, PerTai: in.PerTai,
		Melds: in.Melds, ConcealedKongs: in.ConcealedKongs, Flowers: in.Flowers, FirstTurn: in.FirstTurn,
		Win: in.Win, Seat: wind(in.Seat), Round: wind(in.Round),
		SelfDrawn: in.SelfDrawn, LastTile: in.LastTile, AfterKong: in.AfterKong, RobKong: in.RobKong,
		Dealer: in.Dealer, DealerStreak: in.DealerStreak, DiscarderDealer: in.DiscarderDealer,
	})
	if err != nil {
		return nil, fieldError(err)
	}
	if !sc.HasTile() {
		return nil, badRequestf("win", "give the winning tile")
	}
	if strings.TrimSpace(in.Hand) == "" {
		return nil, badRequestf("hand", "empty; give the concealed part without the winning tile")
	}
	return sc, nil
}

// wind is a request's wind as package answer reads it: "" is East, space
// around it is dropped.
func wind(s string) string { return cmp.Or(strings.TrimSpace(s), "E") }
