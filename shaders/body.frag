// Rigid bodies: lit and shadowed like the cloth, one flat colour or the coloured quantity (speed).
in vec3 v_world;
in vec3 v_normal;
flat in float v_value;
uniform bool u_light_pass;
uniform vec2 u_value_range;
uniform bool u_use_value;
uniform vec3 u_colour;
out vec4 o_colour;
void main() {
  if (u_light_pass) return;  // depth only
  float span = max(u_value_range.y - u_value_range.x, 1e-30);
  vec3 albedo = u_use_value ? colour_map((v_value - u_value_range.x) / span) : u_colour;
  o_colour = vec4(shade(albedo, normalize(v_normal), v_world), 1.0);
}
