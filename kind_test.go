package mjsolve

import "testing"

func TestKindNamesAndProperties(t *testing.T) {
	tests := []struct {
		k        Kind
		str, zh  string
		suit     Suit
		num      int
		terminal bool
		honor    bool
	}{
		{0, "1m", "一萬", Man, 1, true, false},
		{8, "9m", "九萬", Man, 9, true, false},
		{13, "5p", "五筒", Pin, 5, false, false},
		{26, "9s", "九條", Sou, 9, true, false},
		{East, "1z", "東", Honor, 1, false, true},
		{North, "4z", "北", Honor, 4, false, true},
		{Red, "5z", "中", Honor, 5, false, true},
		{White, "7z", "白", Honor, 7, false, true},
	}
	for _, tt := range tests {
		if got := tt.k.String(); got != tt.str {
			t.Errorf("Kind(%d).String() = %q, want %q", tt.k, got, tt.str)
		}
		if got := tt.k.Chinese(); got != tt.zh {
			t.Errorf("Kind(%d).Chinese() = %q, want %q", tt.k, got, tt.zh)
		}
		if tt.k.Suit() != tt.suit || tt.k.Number() != tt.num {
			t.Errorf("Kind(%d) = suit %v number %d, want %v %d", tt.k, tt.k.Suit(), tt.k.Number(), tt.suit, tt.num)
		}
		if tt.k.IsTerminal() != tt.terminal || tt.k.IsHonor() != tt.honor {
			t.Errorf("Kind(%d) terminal/honor = %v/%v", tt.k, tt.k.IsTerminal(), tt.k.IsHonor())
		}
		if NewKind(tt.suit, tt.num) != tt.k {
			t.Errorf("NewKind(%v, %d) = %d, want %d", tt.suit, tt.num, NewKind(tt.suit, tt.num), tt.k)
		}
	}
	if !East.IsWind() || Red.IsWind() || !Green.IsDragon() || North.IsDragon() {
		t.Error("wind/dragon classification wrong")
	}
}

func TestBonus(t *testing.T) {
	want := []struct {
		s, zh  string
		seat   int
		season bool
	}{
		{"1f", "梅", 1, false}, {"2f", "蘭", 2, false}, {"3f", "菊", 3, false}, {"4f", "竹", 4, false},
		{"5f", "春", 1, true}, {"6f", "夏", 2, true}, {"7f", "秋", 3, true}, {"8f", "冬", 4, true},
	}
	for b := Bonus(0); b < NumBonus; b++ {
		w := want[b]
		if b.String() != w.s || b.Chinese() != w.zh || b.Seat() != w.seat || b.IsSeason() != w.season {
			t.Errorf("Bonus(%d) = %s %s seat %d season %v, want %+v", b, b, b.Chinese(), b.Seat(), b.IsSeason(), w)
		}
		tile := BonusTile(b)
		if !tile.IsBonus() || tile.Bonus() != b || tile.String() != w.s {
			t.Errorf("BonusTile(%d) = %v", b, tile)
		}
	}
}

func TestKindTextRoundTrip(t *testing.T) {
	for k := Kind(0); k < NumKinds; k++ {
		text, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Kind
		if err := back.UnmarshalText(text); err != nil || back != k {
			t.Errorf("round trip of %v: got %v, %v", k, back, err)
		}
	}
	var k Kind
	if err := k.UnmarshalText([]byte("12m")); err == nil {
		t.Error("two tiles accepted as one kind")
	}
	if _, err := Kind(34).MarshalText(); err == nil {
		t.Error("invalid kind marshalled")
	}
}
