package answer

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/tw16"
)

// TestTablesNoteSeparatesErrors: a cache that could neither be read nor
// written has both reasons in its note, "; " between them rather than run
// together ("…: not a directory tw16: tables cache: mkdir …"), in the text
// and in the JSON.
func TestTablesNoteSeparatesErrors(t *testing.T) {
	read := errors.New("tw16: tables cache: open /f/c/t.zst: not a directory")
	write := errors.New("tw16: tables cache: mkdir /f: not a directory")
	a := &TablesAnswer{Action: "loaded", Info: tw16.TablesInfo{Path: "/f/c/t.zst", CacheErr: errors.Join(read, write)}}
	want := "tw16: tables cache: open /f/c/t.zst: not a directory; tw16: tables cache: mkdir /f: not a directory"
	var text strings.Builder
	if err := a.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "\nnote:   "+want+"\n") {
		t.Errorf("text:\n%s\nwant the note %q", text.String(), want)
	}
	js, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		CacheErr string `json:"cache_error"`
	}
	if err := json.Unmarshal(js, &got); err != nil || got.CacheErr != want {
		t.Errorf("JSON %s: cache_error %q, want %q", js, got.CacheErr, want)
	}
}
