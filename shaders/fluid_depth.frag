// Screen-space fluid, pass 1 (van der Laan, Green & Sainz 2009, "Screen Space Fluid Rendering with
// Curvature Flow", §3.1): each fluid particle as a sphere splat (sphere.vert's quad), writing the view-space
// depth of its nearest point; the depth test keeps the nearest splat. Splats behind the opaque scene
// (u_scene_depth, copied from the target) are dropped, so a body in the water hides what is behind it.
in vec3 v_view_pos;
flat in vec3 v_view_centre;
flat in float v_radius;
uniform sampler2D u_scene_depth;  // window depth of the opaque scene, per pixel of the viewport
out float o_depth;                // distance in front of the camera, −z_view [m]
void main() {
  vec3 dir = normalize(v_view_pos);
  vec2 t = ray_sphere(vec3(0.0), dir, v_view_centre, v_radius);
  if (t.x > t.y) discard;
  vec3 hit = t.x * dir;
  float depth = window_depth(hit);
  if (depth > texelFetch(u_scene_depth, ivec2(gl_FragCoord.xy), 0).r) discard;
  gl_FragDepth = depth;
  o_depth = -hit.z;
}
