#version 330
// An afternoon sky: pale haze at the horizon (the colour the ground fades
// into), deeper blue overhead, a soft glow round the sun.
uniform vec3 u_sun_dir;
uniform vec3 u_haze_color;
uniform vec3 u_zenith_color;
uniform mat4 p3d_ViewMatrixInverse;
in vec3 v_world;
out vec4 o_color;
void main() {
    vec3 d = normalize(v_world - p3d_ViewMatrixInverse[3].xyz);
    float up = clamp(d.z, 0.0, 1.0);
    vec3 color = mix(u_haze_color, u_zenith_color, pow(up, 0.6));
    // far trees and a roof line round the yard, faded by the air between
    float az = atan(d.y, d.x);
    float crown = 0.016 + 0.008 * sin(az * 7.0 + 1.3) * sin(az * 3.0)
                + 0.006 * abs(sin(az * 41.0 + 0.4)) + 0.003 * abs(sin(az * 113.0))
                + 0.007 * step(0.55, fract(az * 0.95 + 0.3)) * step(fract(az * 0.95 + 0.3), 0.8);
    float edge = fwidth(d.z) + 1e-5;
    float trees = clamp((crown - d.z) / edge, 0.0, 1.0) * step(-0.02, d.z);
    color = mix(color, mix(vec3(0.30, 0.36, 0.31), u_haze_color, 0.6), trees);
    float sun = max(dot(d, normalize(u_sun_dir)), 0.0);
    color += vec3(1.0, 0.9, 0.7) * (pow(sun, 8.0) * 0.25 + pow(sun, 600.0) * 2.0);
    o_color = vec4(color, 1.0);
}
