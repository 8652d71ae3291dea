package protocol

import "testing"

var sink int

func BenchmarkParseFormat(b *testing.B) {
	lines := make([][]byte, 0, len(messageExamples))
	for _, c := range messageExamples {
		lines = append(lines, []byte(c.line))
	}
	buf := make([]byte, 0, 512)
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			m, err := ParseMessage(l)
			if err != nil {
				b.Fatal(err)
			}
			buf, _ = m.Append(buf[:0])
			sink += len(buf)
		}
	}
}
