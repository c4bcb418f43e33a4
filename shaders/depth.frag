// Shadow pass: depth only.
void main() {}
