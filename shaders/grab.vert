// The grab's mark (render/grab_mark.h): vertices 0-1 the line from the held point to the target, 2-7 a cross
// at the held point. Every vertex reads the same element: a particle's position, or a body's pose.
layout(location = 0) in vec3 a_centre;    // the particle's position or the body's centre [m]
layout(location = 1) in vec4 a_rotation;  // the body's orientation (x, y, z, w); the identity for a particle
uniform vec3 u_local;                     // the body's held point, body coordinates [m]
uniform vec3 u_target;                    // [m]
uniform float u_tick;                     // half the cross's arm [m]
void main() {
  vec3 held = a_centre + rotate_by(a_rotation, u_local);
  int v = gl_VertexID;
  vec3 p = held;
  if (v == 1) p = u_target;
  if (v >= 2) {
    vec3 axis = vec3(v / 2 == 1 ? 1.0 : 0.0, v / 2 == 2 ? 1.0 : 0.0, v / 2 == 3 ? 1.0 : 0.0);
    p = held + ((v % 2 == 0) ? -u_tick : u_tick) * axis;
  }
  gl_Position = u_proj * u_view * vec4(p, 1.0);
}
