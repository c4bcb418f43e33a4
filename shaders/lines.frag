uniform vec3 u_colour;
out vec4 o_colour;
void main() { o_colour = vec4(u_colour, 1.0); }
