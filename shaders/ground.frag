#version 330
// Packed schoolyard earth, and the chalk the boys drew on it.
//
// All texture detail comes from one tileable noise texture (four frequency
// bands in RGBA, made with numpy at start-up) sampled at several scales: far
// cheaper on a software rasteriser than per-pixel fractal noise.  Line edges
// are anti-aliased with fwidth() so they stay crisp up close and fade instead
// of shimmering when a line is thinner than a pixel.
uniform sampler2D u_noise;
uniform float u_radii[7];
uniform float u_line_half;      // half the painted line width, metres
uniform float u_inner_ring;     // radius of the stakes ring
uniform vec3 u_saturn;          // Saturn's home x, y and its ring radius
uniform float u_play_radius;
uniform vec3 u_sun_dir;
uniform vec3 u_sun_color;
uniform vec3 u_sky_color;
uniform vec3 u_bounce_color;
uniform vec3 u_haze_color;
uniform vec3 u_shadow;
uniform vec4 u_relief;          // x: the slopes' gain in the sun's light; y: slope view on (1) or off (0);
                                // z: metres between contour lines; w: the height a full tint stands for
uniform mat4 p3d_ViewMatrixInverse;
uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[1];

in vec3 v_world;
in vec3 v_normal;
in vec4 v_shadow;
out vec4 o_color;

// Coverage of a stripe |x| <= half_w, with the pixel footprint fw: a line
// thinner than a pixel keeps its average brightness instead of breaking up.
float stripe(float x, float half_w, float fw) {
    float w = max(half_w, 0.5 * fw);
    float c = clamp(0.5 + (w - abs(x)) / fw, 0.0, 1.0);
    return c * (half_w / w);
}

float shadow_at(vec4 coord) {
    if (u_shadow.x < 0.5) return 1.0;
    vec3 p = coord.xyz / coord.w;
    if (any(lessThan(p.xy, vec2(0.0))) || any(greaterThan(p.xy, vec2(1.0)))) return 1.0;
    float d = u_shadow.y * 1.2;
    float s = texture(p3d_LightSource[0].shadowMap, vec3(p.xy + vec2(-d, -d), p.z))
            + texture(p3d_LightSource[0].shadowMap, vec3(p.xy + vec2( d, -d), p.z))
            + texture(p3d_LightSource[0].shadowMap, vec3(p.xy + vec2(-d,  d), p.z))
            + texture(p3d_LightSource[0].shadowMap, vec3(p.xy + vec2( d,  d), p.z));
    return mix(1.0, s * 0.25, u_shadow.z);
}

void main() {
    vec2 p = v_world.xy;
    // three scales, each rotated so the tiling never lines up; the finest
    // sample's spare channels stand in for a fourth
    vec4 big  = texture(u_noise, p * 0.31 + vec2(0.13, 0.71));
    vec4 mid  = texture(u_noise, mat2(0.8, -0.6, 0.6, 0.8) * p * 2.7);
    vec4 fine = texture(u_noise, mat2(0.28, 0.96, -0.96, 0.28) * p * 11.0);

    vec3 dry  = vec3(0.62, 0.53, 0.41);
    vec3 damp = vec3(0.52, 0.43, 0.33);
    vec3 ash  = vec3(0.58, 0.55, 0.50);
    vec3 albedo = mix(damp, dry, smoothstep(0.22, 0.78, big.b));
    albedo = mix(albedo, ash, 0.35 * smoothstep(0.5, 0.85, mid.b));
    // the clod layer's finest blobs are a few millimetres: strong from afar,
    // but a leopard print under the knuckle, so it softens close up
    float footprint = length(fwidth(p));
    float clods = mix(0.14, 0.48, smoothstep(0.0003, 0.0025, footprint));
    albedo *= 1.0 - 0.5 * clods + clods * mid.g;
    albedo *= 1.06 - 0.12 * mid.a;  // scuffed, darker hollows
    albedo *= 0.90 + 0.20 * fine.r;
    // pale pebbles and dark grit, sparse
    float pebble = smoothstep(0.83, 0.90, fine.a);
    albedo = mix(albedo, vec3(0.78, 0.74, 0.66) * (0.85 + 0.3 * fine.g), pebble * 0.8);
    albedo *= 1.0 - 0.25 * smoothstep(0.86, 0.94, 1.0 - fine.a);

    // relief: the height's slope towards the sun lights or darkens the grain
    vec2 step_dir = normalize(u_sun_dir.xy + vec2(1e-4)) * 0.0012;
    float h0 = fine.r + 0.6 * pebble;
    float h1 = texture(u_noise, mat2(0.28, 0.96, -0.96, 0.28) * (p + step_dir) * 11.0).r;
    float relief = clamp(1.0 + (h0 - h1) * 1.4, 0.75, 1.25);

    // the slope view: hollows tinted blue, crests amber, and a contour line every u_relief.z of height,
    // under the chalk (the lines stay white)
    if (u_relief.y > 0.5) {
        float t = clamp(v_world.z / u_relief.w, -1.0, 1.0);
        vec3 tint = t < 0.0 ? mix(vec3(1.0), vec3(0.68, 0.80, 1.12), -t) : mix(vec3(1.0), vec3(1.15, 0.97, 0.70), t);
        albedo *= tint;
        float level = v_world.z / u_relief.z;
        float fl = max(fwidth(level), 1e-6);
        float across = abs(fract(level + 0.5) - 0.5);   // 0 on a contour line
        float thick = abs(mod(floor(level + 0.5), 4.0)) < 0.5 ? 1.4 : 0.8;   // every fourth line bolder
        float contour = clamp(thick - across / fl, 0.0, 1.0) * smoothstep(0.6, 0.25, fl);
        albedo = mix(albedo, vec3(0.16, 0.11, 0.07), 0.75 * contour);
    }

    // chalk: seven orbits, the stakes ring, Saturn's ring
    float r = length(p) + (big.g - 0.5) * 0.0025;  // a hand-drawn wobble of a millimetre or so
    float fw = max(fwidth(r), 1e-6);
    // a stripe's coverage falls with distance, so only the nearest line matters
    float nearest = 1e9;
    for (int i = 0; i < 7; ++i) {
        nearest = min(nearest, abs(r - u_radii[i]));
    }
    float chalk = stripe(nearest, u_line_half, fw);
    float dust = stripe(nearest, u_line_half * 2.6, fw);
    float ring_half = u_line_half * 0.75;
    chalk = max(chalk, stripe(r - u_inner_ring, ring_half, fw));
    float rs = length(p - u_saturn.xy);
    float fws = max(fwidth(rs), 1e-6);
    chalk = max(chalk, stripe(rs - u_saturn.z, ring_half, fws));
    // the play area's edge: a dashed line, 8 cm dashes with 5 cm gaps, so it is not taken for an orbit's line
    float along = atan(p.y, p.x) * u_play_radius;
    float dash = smoothstep(0.0, 0.004, 0.08 - mod(along, 0.13)) * smoothstep(0.0, 0.004, mod(along, 0.13));
    chalk = max(chalk, stripe(r - u_play_radius, u_line_half * 1.5, fw) * dash);
    dust = max(dust, stripe(rs - u_saturn.z, ring_half * 2.6, fws));
    // chalk rubs onto the high grains and skips the low ones
    float tooth = smoothstep(0.10, 0.50, fine.r * 0.6 + mid.r * 0.6);
    float chalk_amount = chalk * mix(0.62, 0.95, tooth) + dust * 0.12 * tooth;
    albedo = mix(albedo, vec3(0.90, 0.89, 0.85), clamp(chalk_amount, 0.0, 1.0));

    // light: sun with shadow, sky from above, a little bounce; the ground's slopes, drawn a little
    // steeper than they are (u_relief.x), turn towards the sun or away from it
    vec3 n = normalize(vec3(v_normal.xy * u_relief.x, max(v_normal.z, 1e-3)));
    float ndl = max(dot(n, u_sun_dir), 0.0);
    float sh = shadow_at(v_shadow);
    vec3 light = u_sun_color * ndl * sh * relief + u_sky_color * (0.9 + 0.1 * relief) + u_bounce_color * 0.15;
    vec3 color = albedo * light;

    // haze with distance so the far ground meets the sky softly
    vec3 cam = p3d_ViewMatrixInverse[3].xyz;
    float dist = length(v_world - cam);
    // grazing views fade sooner, so a low eye sees a soft horizon, not a seam
    float down = (cam.z - v_world.z) / max(dist, 1e-6);
    float haze = max(smoothstep(1.5, 9.0, dist), 0.9 * smoothstep(0.03, 0.0, down));
    color = mix(color, u_haze_color, haze);
    o_color = vec4(color, 1.0);
}
