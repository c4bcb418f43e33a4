// Triangle surface (cloth): positions and per-vertex normals written by the simulation backend every frame
// (sim/draw/draw_stages.h).
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
out vec3 v_world;
out vec3 v_normal;
void main() {
  v_world = a_position;
  v_normal = a_normal;
  gl_Position = u_proj * u_view * vec4(a_position, 1.0);
}
