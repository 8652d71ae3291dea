package cputime

import "testing"

func BenchmarkThread(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Thread()
	}
}
