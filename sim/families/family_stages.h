// The solver parts (Stages<Exec>) of the families registered in families/family_list.h.
#pragma once

#include "families/attachment_stages.h"
#include "families/collider_stages.h"
#include "families/distance_stages.h"
#include "families/family_list.h"
#include "families/fluid_stages.h"
#include "families/ground_stages.h"
#include "families/rigid_stages.h"
#include "families/self_contact_stages.h"
#include "families/tet_stages.h"
