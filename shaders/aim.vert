#version 330
// The aiming aid and the preview's paths: a ribbon on the ground, never thinner on the screen than
// u_min_width (a share of the window's height), however far away or however low the eye.
// Each vertex is an edge of the ribbon; p3d_Normal is the step from the centre line out to that edge.
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ProjectionMatrix;
uniform mat4 p3d_ModelViewProjectionMatrixInverse;
uniform float u_min_width;
in vec4 p3d_Vertex;
in vec3 p3d_Normal;
in vec2 p3d_MultiTexCoord0;
out vec2 v_uv;

void main() {
    v_uv = p3d_MultiTexCoord0;
    vec4 edge = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    vec3 centre_m = p3d_Vertex.xyz - p3d_Normal;
    vec3 along_m = normalize(vec3(-p3d_Normal.y, p3d_Normal.x, 0.0)) * 0.001;
    vec4 centre = p3d_ModelViewProjectionMatrix * vec4(centre_m, 1.0);
    vec4 ahead = p3d_ModelViewProjectionMatrix * vec4(centre_m + along_m, 1.0);
    gl_Position = edge;
    if (centre.w < 1e-3 || ahead.w < 1e-3 || edge.w < 1e-3) {
        return;  // at or behind the eye: the ribbon as laid
    }
    // Screen units in which x and y have the same size: y is NDC, x is NDC times the aspect ratio.
    vec2 square = vec2(p3d_ProjectionMatrix[1][1] / p3d_ProjectionMatrix[0][0], 1.0);
    vec2 c = centre.xy / centre.w * square;
    vec2 dir = ahead.xy / ahead.w * square - c;
    vec2 out_dir = edge.xy / edge.w * square - c;
    if (dot(dir, dir) < 1e-14) {
        return;  // the path runs straight at the eye here
    }
    vec2 across = normalize(vec2(-dir.y, dir.x));
    if (dot(across, out_dir) < 0.0) {
        across = -across;
    }
    float half_width = max(dot(across, out_dir), u_min_width);  // NDC y spans 2: a share of the height is half
    vec2 ndc = (c + across * half_width) / square;
    // Back onto the ground under that point of the screen, so the widened edge is as near as the ground
    // there (seen from low, the ground under the near edge is centimetres nearer than the centre line).
    vec4 near = p3d_ModelViewProjectionMatrixInverse * vec4(ndc, -1.0, 1.0);
    vec4 far = p3d_ModelViewProjectionMatrixInverse * vec4(ndc, 1.0, 1.0);
    near /= near.w;
    far /= far.w;
    float t = (p3d_Vertex.z - near.z) / (far.z - near.z);
    if (abs(far.z - near.z) > 1e-9 && t > 0.0 && t < 1.0) {
        gl_Position = p3d_ModelViewProjectionMatrix * vec4(mix(near.xyz, far.xyz, t), 1.0);
    } else {
        gl_Position = vec4(ndc * centre.w, centre.z, centre.w);
    }
}
