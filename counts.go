package mjsolve

// Counts holds how many copies of each kind a hand (or any collection of
// tiles) has, indexed by Kind.
type Counts [NumKinds]uint8

// Add adds one copy of k.
func (c *Counts) Add(k Kind) { c[k]++ }

// Remove removes one copy of k and reports whether there was one.
func (c *Counts) Remove(k Kind) bool {
	if c[k] == 0 {
		return false
	}
	c[k]--
	return true
}

// AddCounts adds every tile of o.
func (c *Counts) AddCounts(o Counts) {
	for k, n := range o {
		c[k] += n
	}
}

// Total returns the number of tiles.
func (c Counts) Total() int {
	n := 0
	for _, v := range c {
		n += int(v)
	}
	return n
}

// Validate returns an error naming the first kind held more than four times.
func (c Counts) Validate() error {
	for k, n := range c {
		if n > 4 {
			return inputErrorf("%d copies of %s (at most 4)", n, Kind(k))
		}
	}
	return nil
}

// Kinds returns the tiles as a sorted list of kinds, with repetition.
func (c Counts) Kinds() []Kind {
	ks := make([]Kind, 0, c.Total())
	for k, n := range c {
		for range n {
			ks = append(ks, Kind(k))
		}
	}
	return ks
}

// String returns the tiles in compact notation, suits in the order m p s z:
// "123m456p789s11z". The empty vector is "".
func (c Counts) String() string { return FormatKinds(c.Kinds()) }

// MarshalText encodes c in compact notation.
func (c Counts) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText parses compact notation (see ParseCounts).
func (c *Counts) UnmarshalText(text []byte) error {
	v, err := ParseCounts(string(text))
	if err != nil {
		return err
	}
	*c = v
	return nil
}
