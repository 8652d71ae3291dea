package analysis

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/klauspost/compress/zstd"
)

// A compressed record file is a sequence of independent zstd frames, each
// holding whole lines and each preceded by a zstd skippable frame (which
// every zstd decoder skips) that gives the length of the frame after it
// and checksums of both:
//
//	bytes 0–3    skippable-frame magic 0x184D2A5E (little-endian)
//	bytes 4–7    12, the length of what follows
//	bytes 8–11   n, the length of the zstd frame after this one
//	bytes 12–15  CRC-32C of those n bytes
//	bytes 16–19  CRC-32C of bytes 0–15
//
// The zstd frames carry their content size and their own checksum too. So
// the file is a plain zstd stream ("zstd -d" reads it), and a reader tells
// a file that merely ends early (a crash: the last frame is incomplete,
// nothing after it) from a damaged one (a prefix or a frame whose checksum
// fails, at a byte offset it names): every byte of a file written in full
// is covered by a checksum that a changed bit breaks. A writer ends a frame
// every few seconds, so a killed run loses at most those seconds.

// frameMagic starts the skippable frame before each zstd frame.
var frameMagic = []byte{0x5e, 0x2a, 0x4d, 0x18}

// zstdMagic starts every zstd frame (and a compressed record file written
// before frames were checksummed, which is one continuous stream).
var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

const (
	prefixLen = 20
	// maxFrameIn is how much a writer puts in one frame before ending it.
	maxFrameIn = 1 << 20
	// maxFrameLen bounds the compressed frame length a reader accepts.
	maxFrameLen = 16 << 20
	// maxFrameOut bounds a frame's decompressed size.
	maxFrameOut = 64 << 20
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// appendPrefix appends the skippable frame that announces frame.
func appendPrefix(dst, frame []byte) []byte {
	start := len(dst)
	dst = append(dst, frameMagic...)
	dst = binary.LittleEndian.AppendUint32(dst, prefixLen-8)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(frame)))
	dst = binary.LittleEndian.AppendUint32(dst, crc32.Checksum(frame, castagnoli))
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], castagnoli))
}

// ErrDamaged marks a damaged record file. It is wrapped by the errors of a
// file that is damaged (a checksum fails, a frame does not decode, a line
// that is not a record comes before the end), as opposed to one that merely
// ends early.
var ErrDamaged = errors.New("damaged record file")

// damagedError is an error that wraps [ErrDamaged] with its own message.
type damagedError struct{ msg string }

func (e *damagedError) Error() string        { return e.msg }
func (e *damagedError) Is(target error) bool { return target == ErrDamaged }

// damaged is an error wrapping [ErrDamaged] with the message of format.
func damaged(format string, args ...any) error {
	return &damagedError{fmt.Sprintf(format, args...)}
}

// damage is the error for a damaged compressed file at byte offset off.
func damage(name string, off int64, why string) error {
	return damaged("analysis: %s: damaged at byte %d: %s", name, off, why)
}

// frameReader decodes the frames of a compressed record file one after the
// other and reads out their content. It stops with io.EOF at the end of the
// last complete frame, setting truncated when an incomplete frame (or
// prefix) followed, and with an error wrapping [ErrDamaged] at the first
// damage.
type frameReader struct {
	name      string
	r         io.Reader
	dec       *zstd.Decoder
	off       int64 // file offset of the next prefix
	prefix    [prefixLen]byte
	comp, out []byte
	pos       int
	truncated bool
	err       error
}

func newFrameReader(r io.Reader, name string) (*frameReader, error) {
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxFrameOut))
	if err != nil {
		return nil, fmt.Errorf("analysis: %s: %w", name, err)
	}
	return &frameReader{name: name, r: r, dec: dec}, nil
}

func (f *frameReader) Read(p []byte) (int, error) {
	for f.pos == len(f.out) {
		if f.err != nil {
			return 0, f.err
		}
		f.err = f.next()
	}
	n := copy(p, f.out[f.pos:])
	f.pos += n
	return n, nil
}

// next reads the next prefix and frame into f.out.
func (f *frameReader) next() error {
	f.out, f.pos = f.out[:0], 0
	n, err := io.ReadFull(f.r, f.prefix[:])
	switch {
	case err == io.EOF:
		return io.EOF
	case err == io.ErrUnexpectedEOF:
		// A cut inside a prefix: what is there must be its beginning.
		var want []byte
		want = append(want, frameMagic...)
		want = binary.LittleEndian.AppendUint32(want, prefixLen-8)
		if !bytes.HasPrefix(want, f.prefix[:min(n, len(want))]) {
			return damage(f.name, f.off, "not a frame header")
		}
		f.truncated = true
		return io.EOF
	case err != nil:
		return fmt.Errorf("analysis: %s: %w", f.name, err)
	}
	p := f.prefix[:]
	if !bytes.Equal(p[:4], frameMagic) || binary.LittleEndian.Uint32(p[4:]) != prefixLen-8 {
		return damage(f.name, f.off, "not a frame header")
	}
	if crc32.Checksum(p[:16], castagnoli) != binary.LittleEndian.Uint32(p[16:]) {
		return damage(f.name, f.off, "frame header checksum mismatch")
	}
	size := binary.LittleEndian.Uint32(p[8:])
	if size > maxFrameLen {
		return damage(f.name, f.off, fmt.Sprintf("frame of %d bytes, more than %d", size, maxFrameLen))
	}
	start := f.off + prefixLen
	f.comp = append(f.comp[:0], make([]byte, size)...)
	if _, err := io.ReadFull(f.r, f.comp); err == io.EOF || err == io.ErrUnexpectedEOF {
		f.truncated = true // the last frame is incomplete: a cut
		return io.EOF
	} else if err != nil {
		return fmt.Errorf("analysis: %s: %w", f.name, err)
	}
	if crc32.Checksum(f.comp, castagnoli) != binary.LittleEndian.Uint32(p[12:]) {
		return damage(f.name, start, "frame checksum mismatch")
	}
	out, err := f.dec.DecodeAll(f.comp, f.out[:0])
	if err != nil {
		return damage(f.name, start, "frame does not decode: "+err.Error())
	}
	if len(out) > 0 && out[len(out)-1] != '\n' {
		return damage(f.name, start, "frame ends inside a line")
	}
	f.out = out
	f.off = start + int64(size)
	return nil
}

// Close releases the decoder.
func (f *frameReader) Close() { f.dec.Close() }

// frameWriter compresses what it is given into checksummed frames (see
// above), one frame per flush.
type frameWriter struct {
	w    io.Writer
	enc  *zstd.Encoder
	in   []byte // content of the frame being built
	comp []byte
}

func newFrameWriter(w io.Writer) (*frameWriter, error) {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedDefault),
		zstd.WithEncoderCRC(true))
	if err != nil {
		return nil, err
	}
	return &frameWriter{w: w, enc: enc}, nil
}

// Write adds whole lines to the frame being built, ending it when it is
// large.
func (f *frameWriter) Write(p []byte) (int, error) {
	f.in = append(f.in, p...)
	if len(f.in) >= maxFrameIn {
		if err := f.Flush(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Flush ends the frame being built (if it holds anything) and writes it.
func (f *frameWriter) Flush() error {
	if len(f.in) == 0 {
		return nil
	}
	f.comp = f.enc.EncodeAll(f.in, f.comp[:0])
	f.in = f.in[:0]
	var pre [prefixLen]byte
	if _, err := f.w.Write(appendPrefix(pre[:0], f.comp)); err != nil {
		return err
	}
	_, err := f.w.Write(f.comp)
	return err
}

// Close flushes.
func (f *frameWriter) Close() error { return f.Flush() }
