// One triangle covering the viewport, for the screen-space fluid's filter and composite passes.
void main() {
  vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
  gl_Position = vec4(2.0 * p - 1.0, 0.0, 1.0);
}
