// Triangle surface (cloth, a beam's boundary): positions, per-vertex normals and the coloured quantity
// written by the simulation backend every frame (sim/draw/draw_vertex.h).
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in float a_value;
out vec3 v_world;
out vec3 v_normal;
out float v_value;
void main() {
  v_world = a_position;
  v_normal = a_normal;
  v_value = a_value;
  gl_Position = u_proj * u_view * vec4(a_position, 1.0);
}
