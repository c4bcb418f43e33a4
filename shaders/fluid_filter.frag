// Screen-space fluid, pass 3: one direction of a separable bilateral filter of the splats' depth (the
// smoothing step of van der Laan, Green & Sainz 2009, §3.2, with the bilateral filter their §2 discusses,
// limited to a narrow depth range as in Truong & Yuksel 2018, "A Narrow-Range Filter for Screen-Space Fluid
// Rendering"). The spatial radius is u_filter_size metres projected at the pixel's depth, so the spheres'
// bumps are smoothed the same at every distance; a sample further than 3 σ_r in depth belongs to another
// layer of water and is left out, which keeps overlaps sharp. The silhouettes stay where the splats put them;
// a sample beyond one counts σ_r behind the pixel, so the surface rounds off towards it.
uniform sampler2D u_depth;   // −z_view [m]; 0 where there is no fluid
uniform ivec2 u_direction;   // (1, 0) or (0, 1)
uniform ivec2 u_size;        // the viewport [px]
uniform float u_px_per_m;    // pixels that 1 m spans at 1 m from the camera
uniform float u_filter_size; // σ of the spatial Gaussian [m]
uniform float u_depth_sigma; // σ_r of the range Gaussian [m]
out float o_depth;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  float d0 = texelFetch(u_depth, p, 0).r;
  if (d0 <= 0.0) {
    o_depth = 0.0;
    return;
  }
  float sigma_px = max(u_filter_size * u_px_per_m / d0, 0.5);
  // Every texel out to 2 σ, at most 16 a side (taps further apart would alias with the splats' bumps); the
  // passes' repetition widens it.
  int reach = int(min(2.0 * sigma_px, 16.0));
  float sum = d0, weights = 1.0;
  for (int k = 1; k <= reach; ++k)
    for (int side = -1; side <= 1; side += 2) {
      ivec2 q = p + side * k * u_direction;
      if (any(lessThan(q, ivec2(0))) || any(greaterThanEqual(q, u_size))) continue;
      float d = texelFetch(u_depth, q, 0).r;
      if (d <= 0.0) d = d0 + u_depth_sigma;  // beyond the silhouette: the surface curves away
      float dz = d - d0;
      if (abs(dz) > 3.0 * u_depth_sigma) continue;
      float w = exp(-0.5 * float(k * k) / (sigma_px * sigma_px) -
                    0.5 * dz * dz / (u_depth_sigma * u_depth_sigma));
      sum += w * d;
      weights += w;
    }
  o_depth = sum / weights;
}
