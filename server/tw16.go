package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
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
	analyse, ok := handAnalyses[name]
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
	res, err := analyse(h)
	if err != nil {
		return badRequest("hand", err)
	}
	return writeHandJSON(w, h.concealed, res)
}

// hand is a parsed handRequest.
type hand struct {
	forms     tw16.Forms
	claims    *tw16.ClaimWeights
	concealed mjsolve.Counts
	seen      mjsolve.Counts // the hand, its melds and the visible tiles
}

// handAnalyses are the analyses of a hand by name.
var handAnalyses = map[string]func(h *hand) (any, error){
	"shanten": func(h *hand) (any, error) {
		n, err := h.forms.Shanten(h.concealed)
		return struct {
			Shanten int `json:"shanten"`
		}{n}, err
	},
	"waits": func(h *hand) (any, error) {
		return h.forms.Waits(h.concealed, &h.seen)
	},
	"effective": func(h *hand) (any, error) {
		return h.forms.Effective(h.concealed, &h.seen, h.claims)
	},
	"advise": func(h *hand) (any, error) {
		return h.forms.Advise(h.concealed, &h.seen, h.claims)
	},
}

// parseHand checks a hand request as the commands check their flags
// (tw16.Setting): melds and kongs, the visible tiles (flowers ignored), at
// most four copies of a kind counting all of them, and a hand size that
// fits the melds.
func parseHand(in *handRequest, tables *tw16.TableSet) (*hand, error) {
	h := &hand{forms: tw16.Forms{Ligu: in.Ligu, Tables: tables}}
	if in.Claims {
		w := tw16.ThesisWeights()
		h.claims = &w
	}
	melds, err := parseMelds(in.Melds, in.ConcealedKongs)
	if err != nil {
		return nil, err
	}
	visible, err := mjsolve.ParseTiles(in.Visible)
	if err != nil {
		return nil, badRequest("visible", err)
	}
	setting, err := tw16.NewSetting(melds, visible)
	if err != nil {
		return nil, handError(err)
	}
	if strings.TrimSpace(in.Hand) == "" {
		return nil, badRequestf("hand", "empty; give the concealed part, e.g. \"123m 456p 789s 11z\"")
	}
	if h.concealed, err = mjsolve.ParseCounts(in.Hand); err != nil {
		return nil, badRequest("hand", err)
	}
	if h.seen, err = setting.Hand(h.concealed); err != nil {
		return nil, handError(err)
	}
	return h, nil
}

// handError is an error of tw16.Setting as a 400 naming the field of the
// part it is about.
func handError(err error) error {
	if ce, ok := errors.AsType[*tw16.CopiesError](err); ok {
		return badRequestf("visible", "%d copies of %s counting the hand, melds and visible tiles (at most 4)", ce.Count, ce.Kind)
	}
	field := "hand"
	if ie, ok := errors.AsType[*tw16.InputError](err); ok {
		switch ie.Part {
		case tw16.PartMelds:
			field = "melds"
		case tw16.PartVisible:
			field = "visible"
		}
	}
	return badRequest(field, err)
}

// parseMelds parses the melds and the concealed kongs into one list.
func parseMelds(melds, concealedKongs string) ([]tw16.Meld, error) {
	ms, err := tw16.ParseMelds(melds)
	if err != nil {
		return nil, badRequest("melds", err)
	}
	kongs, err := tw16.ParseConcealedKongs(concealedKongs)
	if err != nil {
		return nil, badRequest("concealed_kongs", err)
	}
	return append(ms, kongs...), nil
}

// writeHandJSON answers with one JSON object, the hand first and then the
// result's fields, as the commands' --json.
func writeHandJSON(w http.ResponseWriter, c mjsolve.Counts, res any) error {
	data, err := json.Marshal(res)
	if err != nil || len(data) < 2 || data[0] != '{' {
		return fmt.Errorf("encoding a %T: %v", res, err)
	}
	hand, _ := json.Marshal(c.String())
	out := append([]byte(`{"hand":`), hand...)
	if len(data) > 2 {
		out = append(out, ',')
	}
	writeRawJSON(w, http.StatusOK, append(out, data[1:]...))
	return nil
}

func (s *Server) handleScore(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	var in scoreRequest
	if err := decodeJSON(w, r, s.cfg.MaxBody, &in); err != nil {
		return err
	}
	win, rules, err := parseScore(&in)
	if err != nil {
		return err
	}
	res, err := tw16.Score(win, rules)
	if err != nil {
		return badRequest("", err)
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// parseScore checks a score request as "mjsolve tw16 score" checks its
// flags.
func parseScore(in *scoreRequest) (tw16.Win, tw16.Rules, error) {
	var w tw16.Win
	rulesName := in.Rules
	if rulesName == "" {
		rulesName = "competition"
	}
	rules, err := tw16.RulesByName(rulesName)
	if err != nil {
		return w, rules, badRequest("rules", err)
	}
	if in.Base != nil {
		if *in.Base < 0 {
			return w, rules, badRequestf("base", "%d is negative", *in.Base)
		}
		rules.Base = *in.Base
	}
	if in.PerTai != nil {
		if *in.PerTai < 0 {
			return w, rules, badRequestf("per_tai", "%d is negative", *in.PerTai)
		}
		rules.PerTai = *in.PerTai
	}
	if w.Melds, err = parseMelds(in.Melds, in.ConcealedKongs); err != nil {
		return w, rules, err
	}
	tiles, err := mjsolve.ParseTiles(in.Flowers)
	if err != nil {
		return w, rules, badRequest("flowers", err)
	}
	for _, t := range tiles {
		if !t.IsBonus() {
			return w, rules, badRequestf("flowers", "%s is not a flower (1f-8f)", t)
		}
		w.Flowers = append(w.Flowers, t.Bonus())
	}
	if w.FirstTurn, err = tw16.ParseFirstTurn(in.FirstTurn); err != nil {
		return w, rules, badRequest("first_turn", err)
	}
	if strings.TrimSpace(in.Win) == "" {
		return w, rules, badRequestf("win", "give the winning tile")
	}
	tiles, err = mjsolve.ParseTiles(in.Win)
	switch {
	case err != nil:
		return w, rules, badRequest("win", err)
	case len(tiles) != 1:
		return w, rules, badRequestf("win", "want one tile, got %d in %q", len(tiles), in.Win)
	}
	w.Tile = tiles[0]
	if strings.TrimSpace(in.Hand) == "" {
		return w, rules, badRequestf("hand", "empty; give the concealed part without the winning tile")
	}
	if w.Concealed, err = mjsolve.ParseCounts(in.Hand); err != nil {
		return w, rules, badRequest("hand", err)
	}
	w.SelfDrawn, w.LastTile, w.AfterKong, w.RobKong = in.SelfDrawn, in.LastTile, in.AfterKong, in.RobKong
	w.Dealer, w.DealerStreak, w.DiscarderIsDealer = in.Dealer, in.DealerStreak, in.DiscarderDealer
	if w.Seat, err = parseWind("seat", in.Seat); err != nil {
		return w, rules, err
	}
	if w.Round, err = parseWind("round", in.Round); err != nil {
		return w, rules, err
	}
	return w, rules, nil
}

// parseWind reads a wind: E, S, W, N (any case) or 1z-4z; "" is East.
func parseWind(field, s string) (mjsolve.Kind, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		t = "E"
	}
	if len(t) == 1 {
		t = strings.ToUpper(t)
	}
	var k mjsolve.Kind
	if err := k.UnmarshalText([]byte(t)); err != nil || !k.IsWind() {
		return 0, badRequestf(field, "%q is not a wind (E, S, W or N)", s)
	}
	return k, nil
}
