package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"

	"github.com/mjsolve/mjsolve/internal/input"
)

// httpError is an error answered with its status and message as
// {"error": "..."}.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

// badRequest is a 400 naming the field (or parameter) at fault, with
// err's message for a client (input.Message: an input error of the
// packages the server calls without its package prefix, which a client
// does not need).
func badRequest(field string, err error) *httpError {
	return &httpError{http.StatusBadRequest, fieldMessage(field, input.Message(err))}
}

// badRequestf is badRequest with a formatted message.
func badRequestf(field, format string, args ...any) *httpError {
	return &httpError{http.StatusBadRequest, fieldMessage(field, fmt.Sprintf(format, args...))}
}

// fieldMessage prefixes msg, on one line, with the field.
func fieldMessage(field, msg string) string {
	msg = strings.Join(strings.Fields(msg), " ")
	if field == "" {
		return msg
	}
	return field + ": " + msg
}

var (
	errNotFound     = &httpError{http.StatusNotFound, "not found"}
	errQueueFull    = &httpError{http.StatusServiceUnavailable, "the solve queue is full; try again shortly"}
	errShuttingDown = &httpError{http.StatusServiceUnavailable, "the server is shutting down"}
)

// writeJSON writes v as the JSON body of a response with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"internal error: the answer could not be encoded"}`)
	}
	writeRawJSON(w, status, data)
}

// writeRawJSON writes data, a JSON value, as the body of a response.
func writeRawJSON(w http.ResponseWriter, status int, data []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

// writeError answers err: its status and message for an *httpError, a 500
// with a generic message for anything else (which the caller logs).
func writeError(w http.ResponseWriter, err error) {
	var he *httpError
	if !errors.As(err, &he) {
		he = &httpError{http.StatusInternalServerError, "internal error"}
	}
	writeJSON(w, he.status, struct {
		Error string `json:"error"`
	}{he.msg})
}

// decodeJSON reads the request body (at most limit bytes) as one JSON value
// into v, refusing unknown fields and trailing data. The errors name the
// field at fault; an oversized body is a 413 (see readBody). The
// Content-Type is not checked, so that "curl -d @file" works as it is.
func decodeJSON(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	data, err := readBody(w, r, limit)
	if err != nil {
		return err
	}
	return decodeJSONFrom(bytes.NewReader(data), limit, v)
}

// readBody reads the whole request body, at most limit bytes: a body
// whose Content-Length is larger is a 413 before a byte of it is read, and
// so is one found larger while reading (chunked); a body that does not
// come in time is a 408 and one that cannot be read a 400 (jsonError).
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if r.ContentLength > limit {
		// Not read: the server closes the connection after the answer.
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("body: larger than %d bytes", limit)}
	}
	body := http.MaxBytesReader(w, r.Body, limit)
	defer body.Close()
	data, err := io.ReadAll(body)
	if err != nil {
		return nil, jsonError(err, limit)
	}
	return data, nil
}

// decodeJSONFrom is decodeJSON on any reader (the fuzz tests use it).
func decodeJSONFrom(r io.Reader, limit int64, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err, limit)
	}
	if _, err := dec.Token(); err != io.EOF {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return jsonError(err, limit)
		}
		return &httpError{http.StatusBadRequest, "body: more than one JSON value"}
	}
	return nil
}

// jsonError turns an error of encoding/json into an *httpError naming the
// field.
func jsonError(err error, limit int64) *httpError {
	var (
		mbe    *http.MaxBytesError
		syntax *json.SyntaxError
		typ    *json.UnmarshalTypeError
		netErr *net.OpError
	)
	switch {
	case errors.As(err, &mbe):
		return &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("body: larger than %d bytes", limit)}
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The server's read limit ran out while the body was coming.
		return &httpError{http.StatusRequestTimeout, "body: not all received in time; send the request at once"}
	case errors.As(err, &netErr):
		// Another failure to read the connection: say what, without the
		// server's and the client's addresses.
		return &httpError{http.StatusBadRequest, "body: could not be read: " + netErr.Err.Error()}
	case errors.Is(err, io.EOF):
		return &httpError{http.StatusBadRequest, "body: empty; send a JSON object"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &httpError{http.StatusBadRequest, "body: the JSON ends too early"}
	case errors.As(err, &syntax):
		return &httpError{http.StatusBadRequest, fmt.Sprintf("body: invalid JSON at byte %d: %s", syntax.Offset, strings.TrimPrefix(syntax.Error(), "json: "))}
	case errors.As(err, &typ):
		field := strings.TrimPrefix(typ.Field, "boardJSON.") // the board fields of a solve request
		if field == "" {
			return &httpError{http.StatusBadRequest, fmt.Sprintf("body: want a JSON %s, got %s", jsonType(typ.Type.Kind().String()), typ.Value)}
		}
		return &httpError{http.StatusBadRequest, fmt.Sprintf("%s: want %s, got %s", field, jsonType(typ.Type.String()), typ.Value)}
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return &httpError{http.StatusBadRequest, fmt.Sprintf("%s: unknown field", strings.Trim(f, `"`))}
	}
	return &httpError{http.StatusBadRequest, "body: " + strings.TrimPrefix(msg, "json: ")}
}

// jsonType names a Go type the way a JSON client thinks of it.
func jsonType(goType string) string {
	switch {
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "a whole number"
	case goType == "float64":
		return "a number"
	case goType == "struct":
		return "object"
	}
	return "an object"
}
