// Grid lines every u_cell metres (thicker every 10), anti-aliased with screen-space derivatives,
// fading with distance; receives shadows.
in vec3 v_world;
uniform float u_cell;
uniform float u_extent;
uniform vec2 u_centre;
out vec4 o_colour;
float grid(vec2 p, float cell) {
  vec2 g = abs(fract(p / cell - 0.5) - 0.5) / (fwidth(p) / cell);
  return 1.0 - min(min(g.x, g.y), 1.0);
}
void main() {
  vec2 p = v_world.xz;
  float line = max(grid(p, u_cell) * 0.5, grid(p, 10.0 * u_cell));
  vec3 albedo = mix(vec3(0.62, 0.63, 0.66), vec3(0.35, 0.36, 0.40), line);
  vec3 colour = shade(albedo, vec3(0.0, 1.0, 0.0), v_world);
  float fade = smoothstep(u_extent, 0.6 * u_extent, length(p - u_centre));
  o_colour = vec4(mix(vec3(0.80, 0.83, 0.88), colour, fade), 1.0);
}
