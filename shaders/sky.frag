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
    float sun = max(dot(d, normalize(u_sun_dir)), 0.0);
    color += vec3(1.0, 0.9, 0.7) * (pow(sun, 8.0) * 0.25 + pow(sun, 600.0) * 2.0);
    o_color = vec4(color, 1.0);
}
