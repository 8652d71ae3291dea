package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/server"
)

// A server on the built-in layouts: deal turtle game 3, post the board back
// for a hint.
func Example() {
	s, err := server.New(server.Config{Finder: &layouts.Finder{}, CacheBytes: 1 << 20})
	if err != nil {
		panic(err)
	}
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()

	resp, err := http.Get(ts.URL + "/api/deal?layout=turtle&game=3")
	if err != nil {
		panic(err)
	}
	var board map[string]any
	json.NewDecoder(resp.Body).Decode(&board)
	resp.Body.Close()
	fmt.Println(board["layout"], board["tiles"], len(board["free"].([]any)), "free")

	body, _ := json.Marshal(board)
	resp, err = http.Post(ts.URL+"/api/hint", "application/json", strings.NewReader(string(body)))
	if err != nil {
		panic(err)
	}
	var hint struct {
		Verdict string `json:"verdict"`
		Hint    [2]int `json:"hint"`
	}
	json.NewDecoder(resp.Body).Decode(&hint)
	resp.Body.Close()
	fmt.Println(hint.Verdict, hint.Hint)
	// Output:
	// turtle 144 35 free
	// winnable [42 143]
}
