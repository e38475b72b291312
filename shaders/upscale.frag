#version 330
// The 3D table drawn at a fraction of the window, stretched over it (render_scale.py): the bilinear
// stretch softens every edge, so a light unsharp mask puts the edges back.  The result is held within the
// four neighbours' range (as contrast-adaptive sharpening does), so no halo rings the chalk lines.
uniform sampler2D p3d_Texture0;
uniform float u_sharpen;   // 0: the plain stretch
in vec2 v_uv;
out vec4 o_color;
void main() {
    vec2 texel = 1.0 / vec2(textureSize(p3d_Texture0, 0));
    vec3 c = texture(p3d_Texture0, v_uv).rgb;
    vec3 n = texture(p3d_Texture0, v_uv + vec2(0.0, texel.y)).rgb;
    vec3 s = texture(p3d_Texture0, v_uv - vec2(0.0, texel.y)).rgb;
    vec3 e = texture(p3d_Texture0, v_uv + vec2(texel.x, 0.0)).rgb;
    vec3 w = texture(p3d_Texture0, v_uv - vec2(texel.x, 0.0)).rgb;
    vec3 lo = min(c, min(min(n, s), min(e, w)));
    vec3 hi = max(c, max(max(n, s), max(e, w)));
    vec3 sharp = c + u_sharpen * (4.0 * c - n - s - e - w);
    o_color = vec4(clamp(sharp, lo, hi), 1.0);
}
