// Two-sided lighting: the back face uses the flipped normal and its own colour, and, a thin sheet, takes
// some of the light falling on the front through it (so that a hem turned under reads as cloth, not as a
// dark hole). Coloured by a quantity (u_use_value), both faces take the ramp's colour of the interpolated
// per-vertex value, the back darker.
in vec3 v_world;
in vec3 v_normal;
in float v_value;
uniform vec3 u_front_colour;
uniform vec3 u_back_colour;
uniform vec2 u_value_range;  // quantity mapped to the colour ramp's ends
uniform bool u_use_value;    // false: the two flat colours
out vec4 o_colour;
void main() {
  vec3 n = normalize(v_normal);
  float span = max(u_value_range.y - u_value_range.x, 1e-30);
  vec3 ramp = colour_map((v_value - u_value_range.x) / span);
  vec3 albedo = u_use_value ? ramp : u_front_colour;
  float through = 0.0;  // the light through the sheet, onto its back
  if (!gl_FrontFacing) {
    n = -n;
    albedo = u_use_value ? 0.7 * ramp : u_back_colour;
    through = 0.35 * max(dot(-n, u_light_dir), 0.0);
  }
  o_colour = vec4(shade(albedo, n, v_world) + albedo * through, 1.0);
}
