// Particles as ray-cast sphere impostors: one camera-facing quad per instance, large enough to cover
// the sphere's silhouette; sphere.frag intersects the view ray with the sphere.
layout(location = 0) in vec3 a_centre;  // per instance, world space [m]
layout(location = 1) in float a_value;  // per instance, quantity mapped to colour
layout(location = 2) in float a_radius; // per instance [m]
uniform float u_radius_scale;
uniform bool u_light_pass;  // true: u_view/u_proj are the light's orthographic view (shadow map)
out vec3 v_view_pos;
flat out vec3 v_view_centre;
flat out vec3 v_world_centre;
flat out float v_radius;
flat out float v_value;
void main() {
  const vec2 corners[4] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(-1, 1), vec2(1, 1));
  v_radius = a_radius * u_radius_scale;
  v_value = a_value;
  vec4 c = u_view * vec4(a_centre, 1.0);
  v_view_centre = c.xyz;
  v_world_centre = a_centre;
  v_view_pos = c.xyz + vec3(corners[gl_VertexID] * v_radius * 1.6, 0.0);
  if (!u_light_pass) v_view_pos.z += v_radius;  // keep the near cap inside the quad's depth
  gl_Position = u_proj * vec4(v_view_pos, 1.0);
}
