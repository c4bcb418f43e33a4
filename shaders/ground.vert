// Ground plane y = u_height: a square of half-size u_extent around the scene, with a metre grid.
uniform float u_height;
uniform float u_extent;
uniform vec2 u_centre;
out vec3 v_world;
void main() {
  const vec2 corners[4] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(-1, 1), vec2(1, 1));
  vec2 xz = u_centre + corners[gl_VertexID] * u_extent;
  v_world = vec3(xz.x, u_height, xz.y);
  gl_Position = u_proj * u_view * vec4(v_world, 1.0);
}
