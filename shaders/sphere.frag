// Ray-sphere intersection in view space (perspective camera, or orthographic light for shadows),
// writing the true depth of the hit so impostors intersect the cloth and each other correctly.
in vec3 v_view_pos;
flat in vec3 v_view_centre;
flat in vec3 v_world_centre;
flat in float v_radius;
flat in float v_value;
uniform bool u_light_pass;
uniform vec2 u_value_range;  // quantity mapped to the colour ramp's ends
uniform bool u_use_value;    // false: one flat colour
uniform vec3 u_colour;
out vec4 o_colour;
void main() {
  vec3 origin = u_light_pass ? vec3(v_view_pos.xy, 0.0) : vec3(0.0);
  vec3 dir = u_light_pass ? vec3(0.0, 0.0, -1.0) : normalize(v_view_pos);
  vec2 t = ray_sphere(origin, dir, v_view_centre, v_radius);
  if (t.x > t.y) discard;
  vec3 hit = origin + t.x * dir;
  gl_FragDepth = window_depth(hit);
  if (u_light_pass) return;
  vec3 n_view = (hit - v_view_centre) / v_radius;
  mat3 view_to_world = transpose(mat3(u_view));
  vec3 n = view_to_world * n_view;
  vec3 world = v_world_centre + v_radius * n;
  float span = max(u_value_range.y - u_value_range.x, 1e-30);
  vec3 albedo = u_use_value ? colour_map((v_value - u_value_range.x) / span) : u_colour;
  o_colour = vec4(shade(albedo, n, world), 1.0);
}
