package referee

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"

	"github.com/mjsolve/mjsolve/tw16/protocol"
)

// StopGrace is how long a program may take to quit once its standard input
// is closed after /exit; then it is killed.
const StopGrace = time.Second

// maxStderr bounds each stderr file; what a program writes beyond it is
// read and dropped, so that the program never blocks on a full pipe.
const maxStderr = 64 << 20

// Process is a player's program as the referee talks to it during a hand:
// a local Program, or one that a Remote supplies (a wrapper on another
// machine, see tw16/referee/remote). The referee calls it from one
// goroutine.
type Process interface {
	// Send writes line and a newline to the program. An error means the
	// program failed: its text is the failure's reason.
	Send(line []byte) error
	// Recv reads the program's next line, without its line ending, within
	// its move time. took is the program's own time for the line when the
	// process measures it apart from the referee's clock (a wrapper times
	// its program), else negative. When ctx is done Recv returns at once.
	Recv(ctx context.Context) (line []byte, took time.Duration, err error)
	// CloseInput tells the program that the hand is over: its input ends.
	CloseInput()
	// Stop ends the program (at once after CloseInput, or because it
	// failed) and returns how it ended, for the transcript.
	Stop() string
}

// Program is one running player program as the referee runs it: /bin/sh
// -c CMD in its own process group, its standard input and output pipes
// with deadlines, and its standard error drained into a file (or dropped)
// by a goroutine. It is a Process; the wrapper of tw16/referee/remote runs
// its program with it too.
type Program struct {
	cmd      *exec.Cmd
	in       *os.File // write end of the program's stdin
	out      *os.File // read end of its stdout
	r        *bufio.Reader
	limit    time.Duration
	done     chan struct{} // closed when the process has exited
	waitErr  error
	drained  chan struct{} // closed when stderr is drained
	errFile  *os.File      // the stderr pipe's read end
	wbuf     []byte
	closed   bool
	broken   error // why a write found the input pipe broken, for every later write
	killed   bool
	exitNote string
}

// StartProgram starts command under /bin/sh -c with stderr written to
// errPath (dropped when errPath is empty; an empty file is removed when
// the program ends); limit is the time allowed for each reply and each
// write.
func StartProgram(command, errPath string, limit time.Duration) (*Program, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("referee: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("referee: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("referee: %w", err)
	}
	var sink io.Writer = io.Discard
	var errLog *os.File
	if errPath != "" {
		if errLog, err = os.Create(errPath); err != nil {
			for _, f := range []*os.File{inR, inW, outR, outW, errR, errW} {
				f.Close()
			}
			return nil, fmt.Errorf("referee: %w", err)
		}
		sink = errLog
	}
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = cmd.Start()
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		if errLog != nil {
			errLog.Close()
			os.Remove(errPath)
		}
		return nil, fmt.Errorf("referee: starting %q: %w", command, err)
	}
	p := &Program{
		cmd: cmd, in: inW, out: outR, r: bufio.NewReaderSize(outR, 2*protocol.MaxLine),
		limit: limit, done: make(chan struct{}), drained: make(chan struct{}), errFile: errR,
	}
	go func() {
		p.waitErr = cmd.Wait()
		close(p.done)
	}()
	go func() {
		defer close(p.drained)
		n, _ := io.Copy(sink, io.LimitReader(errR, maxStderr))
		if n == maxStderr {
			fmt.Fprintf(sink, "\n[referee: stderr cut at %d bytes]\n", maxStderr)
			io.Copy(io.Discard, errR)
		}
		if errLog != nil {
			errLog.Close()
			if n == 0 {
				os.Remove(errPath)
			}
		}
	}()
	return p, nil
}

// errLongLine is the read error for a line of MaxLine bytes or more.
var errLongLine = fmt.Errorf("a line of %d bytes or more", protocol.MaxLine)

// Send writes line and a newline within the time limit.
func (p *Program) Send(line []byte) error {
	if p.closed {
		return errors.New("stdin closed")
	}
	if p.broken != nil {
		return p.broken
	}
	p.in.SetWriteDeadline(time.Now().Add(p.limit))
	p.wbuf = append(append(p.wbuf[:0], line...), '\n')
	if _, err := p.in.Write(p.wbuf); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("write: not read within %v", p.limit)
		}
		if errors.Is(err, syscall.EPIPE) {
			p.broken = p.streamEnded("input")
			return p.broken
		}
		return fmt.Errorf("write: %w", err)
	}
	return nil
}

// Recv reads one line within the time limit (see ReadLine); took is
// negative: the referee's clock is the program's.
func (p *Program) Recv(ctx context.Context) ([]byte, time.Duration, error) {
	line, err := p.ReadLine(ctx, p.limit)
	return line, -1, err
}

// ReadLine reads one line within limit (no limit when limit ≤ 0), without
// its line ending (a "\r" before the "\n" is dropped too). A line of
// protocol.MaxLine bytes or more is an error. When ctx is done it returns
// ctx's error at once. The line is valid until the next read.
func (p *Program) ReadLine(ctx context.Context, limit time.Duration) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var deadline time.Time
	if limit > 0 {
		deadline = time.Now().Add(limit)
	}
	p.out.SetReadDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { p.out.SetReadDeadline(time.Now()) })
	line, err := p.r.ReadSlice('\n')
	stop()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	switch {
	case err == nil:
	case errors.Is(err, bufio.ErrBufferFull):
		return nil, errLongLine
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, fmt.Errorf("no reply within %v", limit)
	case errors.Is(err, io.EOF):
		if len(line) > 0 {
			return nil, fmt.Errorf("output ended inside a line")
		}
		return nil, p.streamEnded("output")
	default:
		return nil, fmt.Errorf("read: %w", err)
	}
	line = line[:len(line)-1]
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	if len(line) >= protocol.MaxLine {
		return nil, errLongLine
	}
	return line, nil
}

// streamEnded describes a program whose standard stream ("output": it
// ended; "input": a write failed with a broken pipe) no longer works: it
// exited (with its status, as a program that exits before reading is most
// often seen) or, still running after its move time, closed the stream.
// (An exit is seen a moment after the end of the output, longer on a
// loaded machine, so the wait is not shorter than the move time.)
func (p *Program) streamEnded(stream string) error {
	select {
	case <-p.done:
		return fmt.Errorf("exited (%v)", exitStatus(p.waitErr))
	case <-time.After(p.limit):
		return fmt.Errorf("closed its standard %s", stream)
	}
}

func exitStatus(err error) string {
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}

// Exited reports whether the program has ended by itself.
func (p *Program) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// CloseInput closes the program's standard input (once), telling it to
// quit.
func (p *Program) CloseInput() {
	if !p.closed {
		p.closed = true
		p.in.Close()
	}
}

// Stop closes the program's standard input, gives it StopGrace to quit,
// kills its process group if it does not, and waits for its standard
// error to be drained. It returns how the program ended, for the
// transcript ("exit status 0"); a second call returns the same.
func (p *Program) Stop() string {
	if p.exitNote != "" {
		return p.exitNote
	}
	p.CloseInput()
	select {
	case <-p.done:
	case <-time.After(StopGrace):
		p.killed = true
	}
	// Kill the group in any case: children the shell left behind go too.
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	<-p.done
	p.out.Close()
	select {
	case <-p.drained:
	case <-time.After(StopGrace):
		// Something outside the group holds the stderr pipe: stop reading.
		p.errFile.Close()
		<-p.drained
	}
	p.errFile.Close()
	if p.killed {
		p.exitNote = fmt.Sprintf("killed: still running %v after its input was closed", StopGrace)
	} else {
		p.exitNote = exitStatus(p.waitErr)
	}
	return p.exitNote
}
