package remote

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
)

// SeatToken is a remote seat's name and the secret its wrapper logs in
// with.
type SeatToken struct {
	Name  string
	Token string
}

// MaxName bounds a seat's name.
const MaxName = 64

// CheckName reports whether name can name a remote seat: 1 to MaxName
// characters from A–Z a–z 0–9 . _ -.
func CheckName(name string) error {
	if name == "" || len(name) > MaxName {
		return fmt.Errorf("a seat's name has 1 to %d characters, not %d", MaxName, len(name))
	}
	for _, c := range []byte(name) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return fmt.Errorf("a seat's name has only A-Z a-z 0-9 . _ -, not %q", c)
		}
	}
	return nil
}

// NewToken returns a new random token: 128 bits from crypto/rand in hex.
func NewToken() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand panics if the system's source does)
	return hex.EncodeToString(b[:])
}

// TokensError is a line of a tokens file that cannot be read.
type TokensError struct {
	Line int
	Why  string
}

func (e *TokensError) Error() string { return fmt.Sprintf("remote: line %d: %s", e.Line, e.Why) }

// maxTokensFile bounds a tokens file.
const maxTokensFile = 1 << 20

// ReadTokens reads a tokens file: "NAME TOKEN" per line (fields separated
// by spaces or tabs), blank lines and lines starting with # ignored. Names
// and tokens must be valid (CheckName, CheckToken) and each appear once. A
// bad line is a *TokensError.
func ReadTokens(r io.Reader) ([]SeatToken, error) {
	sc := bufio.NewScanner(io.LimitReader(r, maxTokensFile+1))
	var seats []SeatToken
	names, tokens := map[string]int{}, map[string]int{}
	n, size := 0, 0
	for sc.Scan() {
		n++
		size += len(sc.Bytes()) + 1
		if size > maxTokensFile {
			return nil, &TokensError{n, fmt.Sprintf("the file is larger than %d bytes", maxTokensFile)}
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, &TokensError{n, fmt.Sprintf("want NAME TOKEN, have %d fields", len(f))}
		}
		if err := CheckName(f[0]); err != nil {
			return nil, &TokensError{n, fmt.Sprintf("name %.40q: %v", f[0], err)}
		}
		if err := CheckToken(f[1]); err != nil {
			return nil, &TokensError{n, fmt.Sprintf("the token of %s: %v", f[0], err)}
		}
		if first, ok := names[f[0]]; ok {
			return nil, &TokensError{n, fmt.Sprintf("%s again (first on line %d)", f[0], first)}
		}
		if first, ok := tokens[f[1]]; ok {
			return nil, &TokensError{n, fmt.Sprintf("the token of %s is that of line %d: each seat needs its own", f[0], first)}
		}
		names[f[0]], tokens[f[1]] = n, n
		seats = append(seats, SeatToken{Name: f[0], Token: f[1]})
	}
	if err := sc.Err(); err != nil {
		return nil, &TokensError{n + 1, err.Error()}
	}
	return seats, nil
}
