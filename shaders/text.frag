#version 330
// Chalk lettering: the glyph's alpha, tinted, with the chalk's broken edge.
uniform sampler2D p3d_Texture0;
uniform vec4 p3d_ColorScale;
uniform vec4 u_tint;
in vec4 v_color;
in vec2 v_uv;
out vec4 o_color;
void main() {
    float a = texture(p3d_Texture0, v_uv).a;
    o_color = vec4(u_tint.rgb, u_tint.a * a) * p3d_ColorScale;
}
