// The declaration in include/ is all this target has; libFuzzer defines the function.
