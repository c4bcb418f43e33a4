// Constraint view: one line per distance constraint between its two particles.
layout(location = 0) in vec3 a_position;
void main() { gl_Position = u_proj * u_view * vec4(a_position, 1.0); }
