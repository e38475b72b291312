#version 330
// Marbles, taws and the lead Sun share one unit sphere; see marble.frag.
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelViewMatrix;
uniform mat4 p3d_ModelMatrix;
uniform mat3 p3d_NormalMatrix;
uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[1];

in vec4 p3d_Vertex;
out vec3 v_obj;      // object space: the swirl is fixed in the glass, so it rolls
out vec3 v_world;
out vec3 v_normal;   // world space
out vec4 v_shadow;

void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    v_obj = p3d_Vertex.xyz;
    v_world = (p3d_ModelMatrix * p3d_Vertex).xyz;
    v_normal = normalize(mat3(p3d_ModelMatrix) * p3d_Vertex.xyz);
    // push the lookup out along the normal to keep a sphere from shadowing itself
    vec3 view_n = normalize(p3d_NormalMatrix * p3d_Vertex.xyz);
    vec4 view_pos = p3d_ModelViewMatrix * p3d_Vertex;
    view_pos.xyz += view_n * 0.0015;
    v_shadow = p3d_LightSource[0].shadowViewMatrix * view_pos;
}
