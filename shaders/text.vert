// Captions: quads in pixel coordinates (origin top-left) from stb_easy_font.
layout(location = 0) in vec2 a_pixel;
uniform vec2 u_viewport_size;
void main() {
  vec2 ndc = a_pixel / u_viewport_size * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
