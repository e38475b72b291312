#version 330
// Glass marbles with a coloured vane inside, opaque taws, and a lead Sun.
//
// Glass is faked, not traced: fresnel-weighted reflection of a sky/ground
// environment, a sharp sun highlight, light refracted through the ball
// (the ground colour seen upside down plus the bright lens glow on the side
// away from the sun), and the vane found by marching the refracted ray
// through the ball in object space, so it turns as the marble rolls.
// Each marble carries its planet's sign, enamelled on six sides like a die,
// so that colour is never the only cue.
uniform vec3 u_vane_color;
uniform vec3 u_glass_tint;
uniform vec4 u_params;        // kind (0 glass, 1 taw, 2 lead), seed, vane count, vane thickness
uniform vec4 p3d_ColorScale;  // its alpha fades a ball: the ghost ball, a ball that would hide the shot
uniform float u_sign;         // atlas cell of the planet's sign; -1 for none (the Sun)
uniform sampler2D u_signs;    // one row of eight square cells (game/app/scene/symbols.py)
uniform vec3 u_sun_dir;
uniform vec3 u_sun_color;
uniform vec3 u_sky_color;
uniform vec3 u_bounce_color;
uniform vec3 u_haze_color;
uniform vec3 u_ground_color;
uniform vec3 u_shadow;
uniform sampler2D u_noise;
uniform float u_radii[7];
uniform float u_line_half;
uniform mat4 p3d_ModelMatrix;
uniform mat4 p3d_ViewMatrixInverse;
uniform mat4 p3d_ModelMatrixInverse;
uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[1];

in vec3 v_obj;
in vec3 v_world;
in vec3 v_normal;
in vec4 v_shadow;
out vec4 o_color;

float shadow_at(vec4 coord) {
    if (u_shadow.x < 0.5) return 1.0;
    vec3 p = coord.xyz / coord.w;
    if (any(lessThan(p.xy, vec2(0.0))) || any(greaterThan(p.xy, vec2(1.0)))) return 1.0;
    return mix(1.0, texture(p3d_LightSource[0].shadowMap, p), u_shadow.z);
}

float hash(vec3 p) {
    p = fract(p * 0.3183099 + vec3(0.71, 0.113, 0.419));
    p *= 17.0;
    return fract(p.x * p.y * p.z * (p.x + p.y + p.z));
}

float value_noise(vec3 x) {
    vec3 i = floor(x);
    vec3 f = fract(x);
    f = f * f * (3.0 - 2.0 * f);
    return mix(mix(mix(hash(i), hash(i + vec3(1, 0, 0)), f.x),
                   mix(hash(i + vec3(0, 1, 0)), hash(i + vec3(1, 1, 0)), f.x), f.y),
               mix(mix(hash(i + vec3(0, 0, 1)), hash(i + vec3(1, 0, 1)), f.x),
                   mix(hash(i + vec3(0, 1, 1)), hash(i + vec3(1, 1, 1)), f.x), f.y), f.z);
}

// What the world looks like in a direction: sky above, sunlit earth below.
vec3 environment(vec3 d) {
    float up = d.z;
    vec3 sky = mix(u_haze_color, u_sky_color * 1.6, smoothstep(0.0, 0.6, up));
    vec3 ground = u_ground_color * (u_sun_color * max(u_sun_dir.z, 0.0) + u_sky_color);
    return mix(ground, sky, smoothstep(-0.04, 0.04, up));
}

// The ground as seen through the glass: its colour and chalk, no shadows.
// Real refraction of the real ground is what makes a marble read as glass.
vec3 ground_seen(vec2 p) {
    vec4 big = texture(u_noise, p * 0.31 + vec2(0.13, 0.71));
    vec4 fine = texture(u_noise, mat2(0.28, 0.96, -0.96, 0.28) * p * 11.0);
    vec3 albedo = mix(vec3(0.52, 0.43, 0.33), vec3(0.62, 0.53, 0.41), smoothstep(0.22, 0.78, big.b));
    albedo *= 0.82 + 0.36 * fine.r;
    float r = length(p);
    float chalk = 0.0;
    for (int i = 0; i < 7; ++i) {
        chalk = max(chalk, 1.0 - smoothstep(u_line_half * 0.8, u_line_half * 1.2, abs(r - u_radii[i])));
    }
    albedo = mix(albedo, vec3(0.90, 0.89, 0.85), chalk * 0.85);
    return albedo * (u_sun_color * max(u_sun_dir.z, 0.0) + u_sky_color);
}

// The vane: thin twisted blades through the ball's axis, tapering to the poles.
float vane_density(vec3 q, float seed, float count, float thickness) {
    float rho = length(q.xy);
    float twist = 2.2 + 1.6 * fract(seed * 7.13);
    float a = atan(q.y, q.x) - twist * q.z + seed * 6.2831;
    float sector = 6.2831853 / count;
    float da = abs(mod(a + 0.5 * sector, sector) - 0.5 * sector);
    float perp = rho * sin(da);
    float reach = 0.58 * sqrt(max(1.0 - q.z * q.z / 0.6, 0.0));
    float blade = 1.0 - smoothstep(thickness * 0.45, thickness, perp);
    return blade * (1.0 - smoothstep(reach - 0.12, reach, rho));
}

vec3 lit_glass(vec3 n, vec3 v, vec3 l, float sh) {
    float kind = u_params.x;
    float seed = u_params.y;
    // surface terms
    float cos_v = max(dot(n, -v), 0.0);
    float fresnel = 0.04 + 0.96 * pow(1.0 - cos_v, 5.0);
    vec3 refl_dir = reflect(v, n);
    vec3 reflection = environment(refl_dir);
    vec3 h = normalize(l - v);
    float spec = pow(max(dot(n, h), 0.0), 900.0) * 28.0 + pow(max(dot(n, h), 0.0), 60.0) * 0.35;

    // through the ball, in object space (the model is the unit sphere)
    vec3 cam_obj = (p3d_ModelMatrixInverse * vec4(p3d_ViewMatrixInverse[3].xyz, 1.0)).xyz;
    vec3 p = normalize(v_obj);
    vec3 view_obj = normalize(v_obj - cam_obj);
    vec3 t = refract(view_obj, p, 1.0 / 1.5);
    float len = max(-2.0 * dot(p, t), 0.0);
    // each ball's vane axis leans its own way (as the glass was twisted in
    // the making), so the blades show face-on from above and from the side
    float lean = 0.9 + 0.4 * fract(seed * 3.7);
    float turn = seed * 6.2831853;
    vec3 axis = vec3(cos(turn), sin(turn), 0.0);
    float c = cos(lean), s = sin(lean);
    mat3 tilt = mat3(c + axis.x * axis.x * (1.0 - c), axis.y * axis.x * (1.0 - c), -axis.y * s,
                     axis.x * axis.y * (1.0 - c), c + axis.y * axis.y * (1.0 - c), axis.x * s,
                     axis.y * s, -axis.x * s, c);
    vec3 acc = vec3(0.0);
    float alpha = 0.0;
    const int STEPS = 12;
    float dt = len / float(STEPS);
    for (int i = 0; i < STEPS; ++i) {
        vec3 q = p + t * (dt * (float(i) + 0.5));
        float d = vane_density(tilt * q, seed, u_params.z, u_params.w);
        if (d > 0.001) {
            // the vane is lit by what reaches the inside of the ball
            vec3 qn = normalize(mat3(p3d_ModelMatrix) * q);
            float lit = 0.55 + 0.45 * max(dot(qn, l), 0.0) * sh;
            // paler at the blade's edge, as the coloured glass thins out
            vec3 c = u_vane_color * lit * mix(1.15, 0.8, length(q.xy) / 0.7);
            float a = d * 0.4;
            acc += (1.0 - alpha) * a * c;
            alpha += (1.0 - alpha) * a;
        }
    }
    // the exit ray shows the world behind, upside down, tinted by the glass
    vec3 exit_p = p + t * len;
    vec3 exit_dir = refract(t, -normalize(exit_p), 1.5);
    if (dot(exit_dir, exit_dir) < 1e-4) exit_dir = reflect(t, -normalize(exit_p));
    vec3 exit_world = normalize(mat3(p3d_ModelMatrix) * exit_dir);
    vec3 behind;
    if (exit_world.z < -0.02) {
        vec3 centre = p3d_ModelMatrix[3].xyz;
        float radius = length(p3d_ModelMatrix[0].xyz);
        vec3 from = centre + normalize(mat3(p3d_ModelMatrix) * exit_p) * radius;
        vec2 hit = from.xy + exit_world.xy * (from.z / -exit_world.z);
        behind = ground_seen(hit);
    } else {
        behind = environment(exit_world);
    }
    behind *= u_glass_tint;
    // sunlight gathered by the lens glows on the side away from the sun
    float glow = pow(max(dot(n, -l) * 0.5 + 0.5, 0.0), 6.0) * 0.9 * sh;
    behind += u_glass_tint * u_sun_color * glow;
    vec3 inside = acc + (1.0 - alpha) * behind;
    return mix(inside, reflection, fresnel) + u_sun_color * spec * sh;
}

vec3 lit_taw(vec3 n, vec3 v, vec3 l, float sh) {
    // the shooter: milky opal glass wound with fine ribbons of the player's
    // colour under a clear skin, so it glows a little even on its shaded side
    vec3 q = normalize(v_obj);
    float seed = u_params.y;
    float warp = value_noise(q * 2.5 + seed * 17.0) * 2.0 + value_noise(q * 7.0) * 0.5;
    float ribbons = sin(atan(q.y, q.x) * 5.0 + q.z * 4.0 + warp * 2.0);
    float m = smoothstep(0.55, 0.9, ribbons) * (0.8 + 0.2 * value_noise(q * 20.0));
    vec3 milk = vec3(0.96, 0.95, 0.91);
    vec3 albedo = mix(milk, u_vane_color, m);
    float ndl = dot(n, l);
    float wrap = max(ndl * 0.7 + 0.3, 0.0);  // light scattering in the milk
    vec3 diffuse = albedo * (u_sun_color * wrap * mix(0.35, 1.0, sh) * 0.85
                             + u_sky_color * (0.9 + 0.4 * n.z) + u_bounce_color * 0.6 * max(-n.z, 0.0));
    float cos_v = max(dot(n, -v), 0.0);
    float fresnel = 0.04 + 0.96 * pow(1.0 - cos_v, 5.0);
    vec3 h = normalize(l - v);
    float spec = pow(max(dot(n, h), 0.0), 900.0) * 26.0 + pow(max(dot(n, h), 0.0), 60.0) * 0.2;
    return mix(diffuse, environment(reflect(v, n)), fresnel) + u_sun_color * spec * sh;
}

vec3 lit_lead(vec3 n, vec3 v, vec3 l, float sh) {
    // a cast musket ball: dull grey, hammered, a mould seam round its middle
    vec3 q = normalize(v_obj);
    float dents = value_noise(q * 9.0) * 0.6 + value_noise(q * 23.0) * 0.4;
    float seam = 1.0 - smoothstep(0.0, 0.035, abs(q.z));
    float sprue = 1.0 - smoothstep(0.10, 0.16, length(q - vec3(1.0, 0.0, 0.0)));
    vec3 albedo = vec3(0.50, 0.495, 0.49) * (0.85 + 0.25 * dents);
    albedo = mix(albedo, vec3(0.62, 0.62, 0.63), seam * 0.6 + sprue * 0.6);
    vec3 nn = normalize(n + (mat3(p3d_ModelMatrix) * (vec3(dents) - 0.5)) * 0.4);
    float ndl = max(dot(nn, l), 0.0);
    vec3 diffuse = albedo * (u_sun_color * ndl * sh + u_sky_color * (1.0 + 0.5 * nn.z) + u_bounce_color * 0.8 * max(-nn.z, 0.0));
    vec3 h = normalize(l - v);
    float spec = pow(max(dot(nn, h), 0.0), 14.0) * 0.22;
    float cos_v = max(dot(nn, -v), 0.0);
    float sheen = pow(1.0 - cos_v, 4.0) * 0.25;
    return diffuse + u_sun_color * spec * sh + environment(reflect(v, nn)) * sheen * 0.4;
}

// How much of the sign's enamel covers this point of the unit ball: the sign
// is projected onto the six faces of the cube round it, upright on the four
// sides, each read the right way round from outside.
float sign_cover(vec3 q) {
    if (u_sign < 0.0) return 0.0;
    vec3 a = abs(q);
    vec2 uv;
    if (a.x >= a.y && a.x >= a.z) {
        uv = vec2(q.y * sign(q.x), q.z) / a.x;
    } else if (a.y >= a.z) {
        uv = vec2(-q.x * sign(q.y), q.z) / a.y;
    } else {
        uv = vec2(q.x * sign(q.z), q.y) / a.z;
    }
    uv = uv * 0.62 + 0.5;  // the cell spans the middle of a face
    if (any(lessThan(uv, vec2(0.0))) || any(greaterThan(uv, vec2(1.0)))) return 0.0;
    return texture(u_signs, vec2((u_sign + uv.x) / 8.0, uv.y)).a;
}

void main() {
    vec3 n = normalize(v_normal);
    vec3 cam = p3d_ViewMatrixInverse[3].xyz;
    vec3 v = normalize(v_world - cam);
    vec3 l = normalize(u_sun_dir);
    float sh = shadow_at(v_shadow) * smoothstep(-0.05, 0.15, dot(n, l));
    float kind = u_params.x;
    vec3 color;
    if (kind > 1.5) {
        color = lit_lead(n, v, l, sh);
    } else if (kind > 0.5) {
        color = lit_taw(n, v, l, sh);
    } else {
        color = lit_glass(n, v, l, sh);
    }
    // the sign: dark enamel, lit like the surface it sits on
    float enamel = sign_cover(normalize(v_obj)) * 0.9;
    float lit = 0.35 + 0.65 * max(dot(n, l), 0.0) * sh;
    color = mix(color, vec3(0.06, 0.05, 0.05) * lit + vec3(0.03), enamel);
    float dist = length(v_world - cam);
    color = mix(color, u_haze_color, smoothstep(1.5, 9.0, dist));
    o_color = vec4(color, p3d_ColorScale.a);
}
