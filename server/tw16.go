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

// fieldNames are the JSON fields of the inputs that tw16/answer names.
var fieldNames = map[answer.Field]string{
	answer.FieldHand:           "hand",
	answer.FieldMelds:          "melds",
	answer.FieldConcealedKongs: "concealed_kongs",
	answer.FieldVisible:        "visible",
	answer.FieldFlowers:        "flowers",
	answer.FieldWin:            "win",
	answer.FieldSeat:           "seat",
	answer.FieldRound:          "round",
	answer.FieldFirstTurn:      "first_turn",
	answer.FieldBase:           "base",
	answer.FieldPerTai:         "per_tai",
	answer.FieldRules:          "rules",
	answer.FieldDealerStreak:   "dealer_streak",
}

// answerError is an error of tw16/answer as a 400 naming its field (field
// when the error names none).
func answerError(err error, field string) error {
	if fe, ok := errors.AsType[*answer.FieldError](err); ok {
		if name, ok := fieldNames[fe.Field]; ok {
			field = name
		}
		return badRequest(field, fe)
	}
	return badRequest(field, err)
}

// handleTW16 answers POST /api/tw16/{analysis} through tw16/answer, as the
// commands of the same names answer --json.
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
	data, err := analyse(a, &in, s.cfg.Tables)
	if err != nil {
		return err
	}
	writeRawJSON(w, http.StatusOK, data)
	return nil
}

// analyse answers a hand request as JSON, the hand first.
func analyse(a *answer.Analysis, in *handRequest, tables *tw16.TableSet) ([]byte, error) {
	hands, err := answer.NewHands(answer.HandQuery{
		Melds: in.Melds, ConcealedKongs: in.ConcealedKongs, Visible: in.Visible,
		Ligu: in.Ligu, Claims: in.Claims, Tables: tables,
	})
	if err != nil {
		return nil, answerError(err, "")
	}
	if strings.TrimSpace(in.Hand) == "" {
		return nil, badRequestf("hand", "empty; give the concealed part, e.g. \"123m 456p 789s 11z\"")
	}
	hand, ans, err := hands.Ask(a, in.Hand)
	if err != nil {
		return nil, answerError(err, "hand")
	}
	return answer.AppendJSON(nil, hand.Concealed, ans)
}

func (s *Server) handleScore(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	var in scoreRequest
	if err := decodeJSON(w, r, s.cfg.MaxBody, &in); err != nil {
		return err
	}
	res, err := score(&in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// score scores a score request as "mjsolve tw16 score --json" does.
func score(in *scoreRequest) (*answer.ScoreAnswer, error) {
	rules, err := (&answer.RulesQuery{Profile: cmp.Or(in.Rules, "competition")}).Rules()
	if err != nil {
		return nil, answerError(err, "")
	}
	seat, round := in.Seat, in.Round
	if seat == "" {
		seat = "E"
	}
	if round == "" {
		round = "E"
	}
	sc, err := answer.NewScorer(answer.ScoreQuery{
		Rules: rules, Base: in.Base, PerTai: in.PerTai,
		Melds: in.Melds, ConcealedKongs: in.ConcealedKongs, Flowers: in.Flowers, FirstTurn: in.FirstTurn,
		Win: in.Win, Seat: seat, Round: round,
		SelfDrawn: in.SelfDrawn, LastTile: in.LastTile, AfterKong: in.AfterKong, RobKong: in.RobKong,
		Dealer: in.Dealer, DiscarderDealer: in.DiscarderDealer, DealerStreak: in.DealerStreak,
	})
	if err != nil {
		return nil, answerError(err, "")
	}
	if strings.TrimSpace(in.Hand) == "" {
		return nil, badRequestf("hand", "empty; give the concealed part without the winning tile")
	}
	res, err := sc.Score(in.Hand)
	if err != nil {
		return nil, answerError(err, "")
	}
	return res, nil
}
