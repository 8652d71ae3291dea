package server

import (
	"embed"
	"io/fs"
	"mime"
	"net/http"
	"path"
)

// web holds the page: plain HTML, CSS and JavaScript, no build step and
// nothing loaded from elsewhere.
//
//go:embed web
var web embed.FS

// handlePage serves the page at /. Its query (?layout=turtle&game=3) is
// read by the page itself.
func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) error {
	return serveAsset(w, "index.html")
}

// handleAsset serves /assets/{file}: the page's script, style sheet and
// icon.
func (s *Server) handleAsset(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	return serveAsset(w, r.PathValue("file"))
}

func serveAsset(w http.ResponseWriter, name string) error {
	if !fs.ValidPath(name) || name == "." {
		return errNotFound
	}
	data, err := web.ReadFile(path.Join("web", name))
	if err != nil {
		return &httpError{http.StatusNotFound, "no such file: " + name}
	}
	h := w.Header()
	ct := mime.TypeByExtension(path.Ext(name))
	if ct == "" {
		ct = "application/octet-stream"
	}
	h.Set("Content-Type", ct)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	// Nothing from elsewhere: scripts, styles, images and requests stay on
	// this server.
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
	w.WriteHeader(http.StatusOK)
	w.Write(data)
	return nil
}
