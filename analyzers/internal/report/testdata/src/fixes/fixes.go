package fixes

func clash() {}

func fine() {}

func use() {
	clash() // want "call to clash"
	fine()  // want "call to fine"
}
