import Gentzen.Basic
import Gentzen.ND
import Gentzen.Sets.Pelletier
import Gentzen.Sets.Textbook
